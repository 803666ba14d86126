import StatectlParse

/// The statements a StateViewController script may use, and what they mean.
extension StateViewControllerModel {
    static let statementNames = ["state", "child", "on", "appearanceState", "willAppear", "viewWillAppear", "didAppear",
                                 "viewDidAppear", "willDisappear", "viewWillDisappear", "didDisappear", "viewDidDisappear",
                                 "appear", "disappear", "transition", "setNeedsStateTransition"]

    public static var vocabularyWords: [String] { statementNames + properties.map(\.name) }

    public static func compile(_ statement: Statement, names: inout KnownNames) -> Checked<Command> {
        switch statement.form {
        case .declaration(let keyword, let subject, let list, let arguments):
            return compileDeclaration(keyword, subject, list, arguments, names: &names)
        case .assignment(let name, let value):
            guard name.text == "appearanceState" else {
                return .failure([Vocabulary.unknown(name, among: ["appearanceState"])])
            }
            guard let state = value.identifier else {
                return .failure([Diagnostic(id: "type-mismatch", span: value.span, message: "'appearanceState' takes a state name")])
            }
            if let problem = unknownState(state, span: value.span, names: names) { return .failure([problem]) }
            return .success(.setAppearanceState(state))
        case .call(let name, let arguments):
            return compileCall(name, arguments, names: names)
        default:
            preconditionFailure("the shared compiler handles \(statement.form)")
        }
    }

    private static func compileDeclaration(_ keyword: Name, _ subject: Name, _ list: [Name]?, _ arguments: [Argument]?,
                                           names: inout KnownNames) -> Checked<Command> {
        switch Word(keyword.text) {
        case "state":
            guard let list else {
                return .failure([Diagnostic(id: "expected-children", span: subject.span,
                                            message: "a state declaration lists its children after ':'",
                                            notes: [DiagnosticNote("write 'state \(subject.text): A, B', or 'state \(subject.text):' for none")])])
            }
            if let arguments, let first = arguments.first {
                return .failure([Diagnostic(id: "unexpected-arguments", span: first.value.span, message: "'state' takes no arguments")])
            }
            if subject.text == noPendingState {
                return .failure([Diagnostic(id: "reserved-state", span: subject.span,
                                            message: "'\(noPendingState)' cannot name a state",
                                            notes: [DiagnosticNote("scripts and logs write 'pending == \(noPendingState)' for no pending state")])])
            }
            names.insert(subject.text)
            for child in list { names.insert(child.text, in: children) }
            return .success(.declareState(subject.text, children: list.map(\.text)))
        case "child":
            if let list {
                let span = list.first?.span ?? subject.span
                return .failure([Diagnostic(id: "unexpected-children", span: span, message: "'child' takes no ':' list",
                                            notes: [DiagnosticNote("write 'child \(subject.text)(duration: 0.2, delay: 0)'")])])
            }
            let timing = ["duration", "delay", "appearDuration", "appearDelay", "disappearDuration", "disappearDelay"]
            var reader = ArgumentReader(call: keyword, arguments: arguments,
                                        parameters: (timing + ["fresh"]).map { ParameterSpec($0) })
            var settings = Child()
            let duration = reader.milliseconds("duration", at: 0, default: defaultDuration)
            let delay = reader.milliseconds("delay", at: 1, default: 0)
            settings.appearDuration = reader.milliseconds("appearDuration", at: 2, default: duration)
            settings.disappearDuration = reader.milliseconds("disappearDuration", at: 4, default: duration)
            settings.appearDelay = reader.milliseconds("appearDelay", at: 3, default: delay)
            settings.disappearDelay = reader.milliseconds("disappearDelay", at: 5, default: delay)
            settings.fresh = reader.flag("fresh", at: 6, default: false)
            // Timing arguments (and only they) mean the child conforms to StateViewControllerTransitioning.
            settings.transitioning = timing.indices.contains { reader.has(timing[$0], at: $0) }
            guard !reader.hasProblems else { return .failure(reader.problems) }
            names.insert(subject.text, in: children)
            return .success(.declareChild(subject.text, settings))
        case "on":
            return compileReaction(keyword, subject, list, arguments, names: names)
        default:
            return .failure([Vocabulary.unknown(keyword, among: statementNames + ["wait", "expect", "model"])])
        }
    }

    /// `on didTransition(state: loading, to: ready, animated: true)`: the override calls
    /// `setNeedsStateTransition(to: ready, animated: true)` when it receives loading.
    private static func compileReaction(_ keyword: Name, _ subject: Name, _ list: [Name]?, _ arguments: [Argument]?,
                                        names: KnownNames) -> Checked<Command> {
        let callbacks = ["didTransition", "willTransition"]
        guard callbacks.contains(subject.text) else {
            var notes: [DiagnosticNote] = []
            if let near = Suggestion.nearest(to: subject.text, in: callbacks) { notes.append(DiagnosticNote("did you mean '\(near)'?")) }
            notes.append(DiagnosticNote("requests can be made from: " + callbacks.joined(separator: ", ")))
            return .failure([Diagnostic(id: "unknown-callback", span: subject.span, message: "unknown callback '\(subject.text)'", notes: notes)])
        }
        if let list {
            return .failure([Diagnostic(id: "unexpected-children", span: list.first?.span ?? subject.span, message: "'on' takes no ':' list",
                                        notes: [DiagnosticNote("write 'on \(subject.text)(state: A, to: B, animated: true)'")])])
        }
        var reader = ArgumentReader(call: keyword, arguments: arguments,
                                    parameters: [ParameterSpec("state"), ParameterSpec("to"), ParameterSpec("animated")])
        let animated = reader.flag("animated", at: 2, default: true)
        var state: String?
        if reader.has("state", at: 0), let name = reader.name("state", at: 0, of: keyword) {
            if let problem = unknownState(name.text, span: name.span, names: names) { reader.problems.append(problem) }
            state = name.text
        }
        guard let target = reader.name("to", at: 1, of: keyword) else { return .failure(reader.problems) }
        if let problem = unknownState(target.text, span: target.span, names: names) { reader.problems.append(problem) }
        guard !reader.hasProblems else { return .failure(reader.problems) }
        return .success(.react(Reaction(callback: subject.text, state: state, target: target.text, animated: animated)))
    }

    private static func compileCall(_ name: Name, _ arguments: [Argument]?, names: KnownNames) -> Checked<Command> {
        var reader: ArgumentReader
        let command: Command
        switch Word(name.text) {
        case "willAppear", "viewWillAppear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated"), ParameterSpec("movingToParent")])
            let moving: Bool? = reader.has("movingToParent", at: 1) ? reader.flag("movingToParent", at: 1, default: true) : nil
            command = .willAppear(animated: reader.flag("animated", at: 0, default: false), movingToParent: moving)
        case "didAppear", "viewDidAppear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .didAppear(animated: reader.has("animated", at: 0) ? reader.flag("animated", at: 0, default: false) : nil)
        case "willDisappear", "viewWillDisappear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .willDisappear(animated: reader.flag("animated", at: 0, default: false))
        case "didDisappear", "viewDidDisappear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .didDisappear(animated: reader.has("animated", at: 0) ? reader.flag("animated", at: 0, default: false) : nil)
        case "appear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [])
            command = .appear
        case "disappear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [])
            command = .disappear
        case "transition", "setNeedsStateTransition":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("to"), ParameterSpec("animated")])
            let animated = reader.flag("animated", at: 1, default: true)
            guard let target = reader.name("to", at: 0, of: name) else { return .failure(reader.problems) }
            if let problem = unknownState(target.text, span: target.span, names: names) { reader.problems.append(problem) }
            command = .transition(to: target.text, animated: animated)
        default:
            return .failure([Vocabulary.unknown(name, among: statementNames + ["wait", "expect", "model"])])
        }
        return reader.hasProblems ? .failure(reader.problems) : .success(command)
    }

    private static func unknownState(_ state: String, span: SourceSpan, names: KnownNames) -> Diagnostic? {
        guard !names.contains(state) else { return nil }
        var notes: [DiagnosticNote] = []
        if let near = names.suggestion(for: state) { notes.append(DiagnosticNote("did you mean '\(near)'?")) }
        notes.append(DiagnosticNote("declare it first: 'state \(state): CHILD, …'"))
        return Diagnostic(id: "unknown-state", span: span, message: "unknown state '\(state)'", notes: notes)
    }


    public static func describe(_ command: Command) -> String {
        switch command {
        case .declareState(let state, let children):
            return "children(for: \(state)) = [" + children.joined(separator: ", ") + "]"
        case .declareChild(let child, let settings):
            let instances = settings.fresh ? ", a new instance per children(for:) call" : ""
            guard settings.transitioning else { return "child \(child): plain, 0.35 s, no delay\(instances)" }
            func timing(_ duration: Int64, _ delay: Int64) -> String { "duration \(duration)ms, delay \(delay)ms" }
            let appear = timing(settings.appearDuration, settings.appearDelay)
            let disappear = timing(settings.disappearDuration, settings.disappearDelay)
            let timings = appear == disappear ? appear : "appearing \(appear); disappearing \(disappear)"
            return "child \(child): StateViewControllerTransitioning, \(timings)\(instances)"
        case .setAppearanceState(let state): return "loadAppearanceState() -> \(state)"
        case .willAppear(let animated, let moving):
            let movingText = moving.map { ", movingToParent: \($0)" } ?? ""
            return "viewWillAppear(\(animated)\(movingText))"
        case .didAppear(let animated): return "viewDidAppear(\(animated.map(String.init) ?? "viewWillAppear's flag"))"
        case .willDisappear(let animated): return "viewWillDisappear(\(animated))"
        case .didDisappear(let animated): return "viewDidDisappear(\(animated.map(String.init) ?? "viewWillDisappear's flag"))"
        case .react(let reaction):
            let state = reaction.state.map { "receives \($0)" } ?? "runs"
            return "when \(reaction.callback) \(state): setNeedsStateTransition(to: \(reaction.target), animated: \(reaction.animated)), once"
        case .appear: return "appear: viewWillAppear(false) + viewDidAppear(false)"
        case .disappear: return "disappear: viewWillDisappear(false) + viewDidDisappear(false)"
        case .transition(let state, let animated): return "setNeedsStateTransition(to: \(state), animated: \(animated))"
        }
    }
}
