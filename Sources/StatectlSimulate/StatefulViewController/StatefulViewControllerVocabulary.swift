import StatectlParse

/// The statements a StatefulViewController script may use, and what they mean.
extension StatefulViewControllerModel {
    /// Each statement name, with its long (library) spelling beside the short one.
    static let statementNames = ["start", "startLoading", "end", "endLoading", "setup", "setupInitialViewState",
                                 "transitionViewStates", "transition", "transitionToState", "addView", "removeView",
                                 "bounds", "hasContent"]
    static let maximumPoints: Int64 = 100_000

    public static var vocabularyWords: [String] { statementNames + properties.map(\.name) }

    public static func compile(_ statement: Statement, names: inout KnownNames) -> Checked<Command> {
        switch statement.form {
        case .assignment(let name, let value):
            guard name.text.isSpelled("hasContent") else {
                return .failure([Vocabulary.unknown(name, what: "setting", among: ["hasContent"])])
            }
            guard let word = value.identifier, word.isSpelled("true") || word.isSpelled("false") else {
                return .failure([Diagnostic(id: "type-mismatch", span: value.span, message: "'hasContent' takes true or false")])
            }
            return .success(.setHasContent(word.isSpelled("true")))
        case .call(let name, let arguments):
            return compileCall(name, arguments, names: &names)
        case .declaration(let keyword, let subject, _, _):
            return .failure([Vocabulary.notADeclaration(keyword: keyword, subject: subject, statements: statementNames)])
        default:
            preconditionFailure("the shared compiler handles \(statement.form)")
        }
    }

    /// Each call's parameters, made once rather than on every line that calls it. Every call
    /// that takes a completion handler has `completion:` (`false`: it is called without one).
    private enum Parameters {
        static let completion = ParameterSpec("completion")
        static let start = [ParameterSpec("animated"), completion]
        static let end = [ParameterSpec("error", bare: true), ParameterSpec("animated"), completion]
        static let setup = [completion]
        static let transitionViewStates = [ParameterSpec("loading"), ParameterSpec("error", bare: true), ParameterSpec("animated"), completion]
        static let transition = [ParameterSpec("to"), ParameterSpec("animated"), completion]
        static let addView = [ParameterSpec("key", positional: true), ParameterSpec("top"), ParameterSpec("left"),
                              ParameterSpec("bottom"), ParameterSpec("right")]
        static let removeView = [ParameterSpec("key", positional: true)]
        static let bounds = [ParameterSpec("width"), ParameterSpec("height")]
    }

    private static func compileCall(_ name: Name, _ arguments: [Argument]?, names: inout KnownNames) -> Checked<Command> {
        var reader: ArgumentReader
        let command: Command
        switch Word(name.text) {
        case "start", "startLoading":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.start)
            command = .startLoading(animated: reader.flag("animated", at: 0, default: false),
                                    completion: reader.flag("completion", at: 1, default: true))
        case "end", "endLoading":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.end)
            let error = reader.isBare("error", at: 0) ? "error" : reader.string("error", at: 0)
            command = .endLoading(animated: reader.flag("animated", at: 1, default: true), error: error,
                                  completion: reader.flag("completion", at: 2, default: true))
        case "setup", "setupInitialViewState":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.setup)
            command = .setupInitialViewState(completion: reader.flag("completion", at: 0, default: true))
        case "transitionViewStates":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.transitionViewStates)
            let error = reader.isBare("error", at: 1) ? "error" : reader.string("error", at: 1)
            command = .transitionViewStates(loading: reader.flag("loading", at: 0, default: false), error: error,
                                            animated: reader.flag("animated", at: 2, default: true),
                                            completion: reader.flag("completion", at: 3, default: true))
        case "transition", "transitionToState":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.transition)
            let animated = reader.flag("animated", at: 1, default: true)
            let hasCompletion = reader.flag("completion", at: 2, default: true)
            guard let target = reader.key("to", at: 0, of: name) else { return .failure(reader.problems) }
            // Bare `none` is `.none`; any other key, `content` included, is a view: `.view("content")`
            // is not `.none` to the machine. `"none"` (a string) is `.view("none")`.
            let state: MachineState = !target.quoted && target.text.isSpelled("none") ? .none : .view(target.text)
            if let key = state.keyOrNil { names.insert(key) }
            command = .transition(to: state, animated: animated, completion: hasCompletion)
        case "addView":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.addView)
            // UIEdgeInsets takes any CGFloat: negative insets place the view past the backing view's edges.
            let range = -maximumPoints...maximumPoints
            let insets = Insets(top: reader.integer("top", at: 1, default: 0, in: range), left: reader.integer("left", at: 2, default: 0, in: range),
                                bottom: reader.integer("bottom", at: 3, default: 0, in: range), right: reader.integer("right", at: 4, default: 0, in: range))
            // `viewStore` is keyed by any String, `content` and `none` included.
            guard let key = reader.key("key", at: 0, of: name) else { return .failure(reader.problems) }
            names.insert(key.text)
            command = .addView(key.text, insets)
        case "removeView":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.removeView)
            guard let key = reader.key("key", at: 0, of: name) else { return .failure(reader.problems) }
            command = .removeView(key.text)
        case "bounds":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: Parameters.bounds)
            command = .setBounds(width: reader.integer("width", at: 0, default: 375, in: 0...maximumPoints),
                                 height: reader.integer("height", at: 1, default: 667, in: 0...maximumPoints))
        default:
            return .failure([Vocabulary.unknown(name, among: statementNames + ["wait", "expect", "model"])])
        }
        return reader.hasProblems ? .failure(reader.problems) : .success(command)
    }

    public static func describe(_ command: Command) -> String { statementRecord(command).text }

    /// Writes the command as the library call it stands for, with defaults filled in; a completion
    /// argument is written only when the caller passes none. A flag is written with the text
    /// around it in one literal: each append cost about 90 instructions, and every call a run
    /// compiles makes its text.
    public static func writeStatementRecord(_ command: Command, into text: inout CallText) {
        switch command {
        case .setHasContent(let value):
            text.append(value ? "hasContent = true" : "hasContent = false")
        case .setupInitialViewState(let passed):
            text.append(passed ? "setupInitialViewState()" : "setupInitialViewState(nil)")
        case .startLoading(let animated, let passed):
            text.append(animated ? "startLoading(animated: true" : "startLoading(animated: false")
            text.append(passed ? ")" : ", completion: nil)")
        case .endLoading(let animated, let error, let passed):
            text.append(animated ? "endLoading(animated: true, error: " : "endLoading(animated: false, error: ")
            text.appendString(error)
            text.append(passed ? ")" : ", completion: nil)")
        case .transitionViewStates(let loading, let error, let animated, let passed):
            text.append(loading ? "transitionViewStates(loading: true, error: " : "transitionViewStates(loading: false, error: ")
            text.appendString(error)
            text.append(animated ? ", animated: true" : ", animated: false")
            text.append(passed ? ")" : ", completion: nil)")
        case .transition(let target, let animated, let passed):
            if let key = target.keyOrNil {
                text.append("transitionToState(.view(")
                text.appendString(key)
                text.append(animated ? "), animated: true" : "), animated: false")
            } else {
                text.append(animated ? "transitionToState(.none, animated: true" : "transitionToState(.none, animated: false")
            }
            text.append(passed ? ")" : ", completion: nil)")
        case .addView(let key, let insets):
            text.append("addView(")
            text.appendKey(key)
            if insets != .zero {
                text.append(", top: ")
                text.append(insets.top)
                text.append(", left: ")
                text.append(insets.left)
                text.append(", bottom: ")
                text.append(insets.bottom)
                text.append(", right: ")
                text.append(insets.right)
            }
            text.append(")")
        case .removeView(let key):
            text.append("removeView(")
            text.appendKey(key)
            text.append(")")
        case .setBounds(let width, let height):
            text.append("bounds(width: ")
            text.append(width)
            text.append(", height: ")
            text.append(height)
            text.append(")")
        }
    }
}
