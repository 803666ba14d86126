import StatectlParse

/// The statements a StateViewController script may use, and what they mean.
extension StateViewControllerModel {
    static let statementNames = ["state", "child", "appearanceState", "willAppear", "viewWillAppear", "didAppear",
                                 "viewDidAppear", "willDisappear", "viewWillDisappear", "didDisappear", "viewDidDisappear",
                                 "appear", "disappear", "transition", "setNeedsStateTransition"]

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
        switch keyword.text {
        case "state":
            guard let list else {
                return .failure([Diagnostic(id: "expected-children", span: subject.span,
                                            message: "a state declaration lists its children after ':'",
                                            notes: [DiagnosticNote("write 'state \(subject.text): A, B', or 'state \(subject.text):' for none")])])
            }
            if let arguments, let first = arguments.first {
                return .failure([Diagnostic(id: "unexpected-arguments", span: first.value.span, message: "'state' takes no arguments")])
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
            var reader = ArgumentReader(call: keyword, arguments: arguments, parameters: [ParameterSpec("duration"), ParameterSpec("delay")])
            let duration = reader.milliseconds("duration", default: defaultDuration)
            let delay = reader.milliseconds("delay", default: 0)
            guard reader.problems.isEmpty else { return .failure(reader.problems) }
            names.insert(subject.text, in: children)
            // Arguments mean the child conforms to StateViewControllerTransitioning.
            return .success(.declareChild(subject.text, transitioning: arguments != nil, duration: duration, delay: delay))
        default:
            return .failure([Vocabulary.unknown(keyword, among: statementNames + ["wait", "expect", "model"])])
        }
    }

    private static func compileCall(_ name: Name, _ arguments: [Argument]?, names: KnownNames) -> Checked<Command> {
        var reader: ArgumentReader
        let command: Command
        switch name.text {
        case "willAppear", "viewWillAppear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated"), ParameterSpec("movingToParent")])
            let moving: Bool? = reader.has("movingToParent") ? reader.flag("movingToParent", default: true) : nil
            command = .willAppear(animated: reader.flag("animated", default: false), movingToParent: moving)
        case "didAppear", "viewDidAppear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .didAppear(animated: reader.flag("animated", default: false))
        case "willDisappear", "viewWillDisappear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .willDisappear(animated: reader.flag("animated", default: false))
        case "didDisappear", "viewDidDisappear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .didDisappear(animated: reader.flag("animated", default: false))
        case "appear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [])
            command = .appear
        case "disappear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [])
            command = .disappear
        case "transition", "setNeedsStateTransition":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("to"), ParameterSpec("animated")])
            let animated = reader.flag("animated", default: true)
            guard let target = reader.name("to") else { return .failure(reader.problems) }
            if let problem = unknownState(target.text, span: target.span, names: names) { reader.problems.append(problem) }
            command = .transition(to: target.text, animated: animated)
        default:
            return .failure([Vocabulary.unknown(name, among: statementNames + ["wait", "expect", "model"])])
        }
        return reader.problems.isEmpty ? .success(command) : .failure(reader.problems)
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
        case .declareChild(let child, let transitioning, let duration, let delay):
            guard transitioning else { return "child \(child): plain, 0.35 s, no delay" }
            return "child \(child): StateViewControllerTransitioning, duration \(duration)ms, delay \(delay)ms"
        case .setAppearanceState(let state): return "loadAppearanceState() -> \(state)"
        case .willAppear(let animated, let moving):
            let movingText = moving.map { ", movingToParent: \($0)" } ?? ""
            return "viewWillAppear(\(animated)\(movingText))"
        case .didAppear(let animated): return "viewDidAppear(\(animated))"
        case .willDisappear(let animated): return "viewWillDisappear(\(animated))"
        case .didDisappear(let animated): return "viewDidDisappear(\(animated))"
        case .appear: return "appear: viewWillAppear(false) + viewDidAppear(false)"
        case .disappear: return "disappear: viewWillDisappear(false) + viewDidDisappear(false)"
        case .transition(let state, let animated): return "setNeedsStateTransition(to: \(state), animated: \(animated))"
        }
    }
}
