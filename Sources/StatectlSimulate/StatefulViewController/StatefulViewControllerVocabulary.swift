import StatectlParse

/// The statements a StatefulViewController script may use, and what they mean.
extension StatefulViewControllerModel {
    /// Each statement name, with its long (library) spelling beside the short one.
    static let statementNames = ["start", "startLoading", "end", "endLoading", "setup", "setupInitialViewState",
                                 "transitionViewStates", "transition", "transitionToState", "addView", "removeView",
                                 "bounds", "hasContent"]
    static let maximumPoints: Int64 = 100_000

    public static func compile(_ statement: Statement, names: inout KnownNames) -> Checked<Command> {
        switch statement.form {
        case .assignment(let name, let value):
            guard name.text == "hasContent" else {
                return .failure([Vocabulary.unknown(name, what: "setting", among: ["hasContent"])])
            }
            guard let word = value.identifier, word == "true" || word == "false" else {
                return .failure([Diagnostic(id: "type-mismatch", span: value.span, message: "'hasContent' takes true or false")])
            }
            return .success(.setHasContent(word == "true"))
        case .call(let name, let arguments):
            return compileCall(name, arguments, names: &names)
        case .declaration(let keyword, let subject, _, _):
            return .failure([Vocabulary.notADeclaration(keyword: keyword, subject: subject, statements: statementNames)])
        default:
            preconditionFailure("the shared compiler handles \(statement.form)")
        }
    }

    private static func compileCall(_ name: Name, _ arguments: [Argument]?, names: inout KnownNames) -> Checked<Command> {
        var reader: ArgumentReader
        let command: Command
        switch name.text {
        case "start", "startLoading":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            command = .startLoading(animated: reader.flag("animated", default: false))
        case "end", "endLoading":
            reader = ArgumentReader(call: name, arguments: arguments,
                                    parameters: [ParameterSpec("error", bare: true), ParameterSpec("animated")])
            let error = reader.isBare("error") ? "error" : reader.string("error")
            command = .endLoading(animated: reader.flag("animated", default: true), error: error)
        case "setup", "setupInitialViewState":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [])
            command = .setupInitialViewState
        case "transitionViewStates":
            reader = ArgumentReader(call: name, arguments: arguments,
                                    parameters: [ParameterSpec("loading"), ParameterSpec("error", bare: true), ParameterSpec("animated")])
            let error = reader.isBare("error") ? "error" : reader.string("error")
            command = .transitionViewStates(loading: reader.flag("loading", default: false), error: error,
                                            animated: reader.flag("animated", default: true))
        case "transition", "transitionToState":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("to"), ParameterSpec("animated")])
            let animated = reader.flag("animated", default: true)
            guard let target = reader.name("to") else { return .failure(reader.problems) }
            if target.text == "content" {
                reader.problems.append(Diagnostic(id: "content-is-none", span: target.span,
                                                  message: "the view state machine has no 'content' view",
                                                  notes: [DiagnosticNote("content is shown by hiding every placeholder: write 'transition(to: none)'")]))
            }
            if target.text != "none" { names.insert(target.text) }
            command = .transition(to: target.text == "none" ? .none : .view(target.text), animated: animated)
        case "addView":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [
                ParameterSpec("key", positional: true), ParameterSpec("top"), ParameterSpec("left"),
                ParameterSpec("bottom"), ParameterSpec("right")])
            let range = 0...maximumPoints
            let insets = Insets(top: reader.integer("top", default: 0, in: range), left: reader.integer("left", default: 0, in: range),
                                bottom: reader.integer("bottom", default: 0, in: range), right: reader.integer("right", default: 0, in: range))
            guard let key = viewKey(&reader) else { return .failure(reader.problems) }
            names.insert(key)
            command = .addView(key, insets)
        case "removeView":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("key", positional: true)])
            guard let key = viewKey(&reader) else { return .failure(reader.problems) }
            command = .removeView(key)
        case "bounds":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("width"), ParameterSpec("height")])
            command = .setBounds(width: reader.integer("width", default: 375, in: 0...maximumPoints),
                                 height: reader.integer("height", default: 667, in: 0...maximumPoints))
        default:
            return .failure([Vocabulary.unknown(name, among: statementNames + ["wait", "expect", "model"])])
        }
        return reader.problems.isEmpty ? .success(command) : .failure(reader.problems)
    }

    private static func viewKey(_ reader: inout ArgumentReader) -> String? {
        guard let key = reader.name("key") else { return nil }
        if key.text == "none" || key.text == "content" {
            reader.problems.append(Diagnostic(id: "reserved-key", span: key.span,
                                              message: "'\(key.text)' cannot be a placeholder view's key",
                                              notes: [DiagnosticNote("content is what shows when no placeholder does")]))
            return nil
        }
        return key.text
    }


    public static func describe(_ command: Command) -> String {
        func quoted(_ error: String?) -> String { error.map { "\"\($0)\"" } ?? "nil" }
        // Literals where the text does not vary: a log line per statement should not cost an allocation.
        switch command {
        case .setHasContent(let value): return value ? "hasContent = true" : "hasContent = false"
        case .setupInitialViewState: return "setupInitialViewState()"
        case .startLoading(let animated): return animated ? "startLoading(animated: true)" : "startLoading(animated: false)"
        case .endLoading(true, nil): return "endLoading(animated: true, error: nil)"
        case .endLoading(false, nil): return "endLoading(animated: false, error: nil)"
        case .endLoading(let animated, let error): return "endLoading(animated: \(animated), error: \(quoted(error)))"
        case .transitionViewStates(let loading, let error, let animated):
            return "transitionViewStates(loading: \(loading), error: \(quoted(error)), animated: \(animated))"
        case .transition(let target, let animated):
            let state = target.keyOrNil.map { ".view(\"\($0)\")" } ?? ".none"
            return "transitionToState(\(state), animated: \(animated))"
        case .addView(let key, let insets):
            if insets == .zero { return "addView(\(key))" }
            return "addView(\(key), top: \(insets.top), left: \(insets.left), bottom: \(insets.bottom), right: \(insets.right))"
        case .removeView(let key): return "removeView(\(key))"
        case .setBounds(let width, let height): return "bounds(width: \(width), height: \(height))"
        }
    }
}
