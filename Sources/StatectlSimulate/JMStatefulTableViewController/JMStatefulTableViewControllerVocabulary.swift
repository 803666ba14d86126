import StatectlParse

/// The statements a JMStatefulTableViewController script may use, and what they mean.
extension JMStatefulTableViewControllerModel {
    static let settings = ["rows", "morePages", "rowHeight", "contentOffset", "shouldPullToRefresh", "shouldInfinitelyScroll",
                           "statefulState", "loadingView", "emptyView", "errorView"]
    static let statementNames = ["appear", "viewWillAppear", "loadNewer", "pullToRefresh", "scrollToBottom", "refreshAction",
                                 "infiniteScrollingHandler", "triggerInfiniteScrolling", "updateInfiniteScrollingHandlerAndFooterView",
                                 "succeed", "fail"]
    static let maximumPoints: Int64 = 10_000_000

    public static var vocabularyWords: [String] { statementNames + settings + properties.map(\.name) }

    public static func compile(_ statement: Statement, names: inout KnownNames) -> Checked<Command> {
        switch statement.form {
        case .assignment(let name, let value):
            return compileSetting(name, value, names: &names)
        case .call(let name, let arguments):
            return compileCall(name, arguments)
        case .declaration(let keyword, let subject, _, _):
            return .failure([Vocabulary.notADeclaration(keyword: keyword, subject: subject, statements: statementNames + settings)])
        default:
            preconditionFailure("the shared compiler handles \(statement.form)")
        }
    }

    private static func compileSetting(_ name: Name, _ value: Expression, names: inout KnownNames) -> Checked<Command> {
        func flag() -> Bool? {
            guard let word = value.identifier, word == "true" || word == "false" else { return nil }
            return word == "true"
        }
        func number(_ range: ClosedRange<Int64>) -> Int64? {
            guard case .number(let literal) = value.kind, let integer = literal.integer, range.contains(integer) else { return nil }
            return integer
        }
        let command: Command?
        let wanted: String
        switch Word(name.text) {
        case "rows": command = number(0...Int64(Int32.max)).map { .setRows($0) }; wanted = "a whole number of rows, from 0 to \(Int32.max)"
        case "rowHeight": command = number(0...maximumPoints).map { .setRowHeight($0) }; wanted = "a whole number of points, from 0 to \(maximumPoints)"
        case "contentOffset": command = number(-maximumPoints...maximumPoints).map { .setContentOffset($0) }; wanted = "a whole number of points, from -\(maximumPoints) to \(maximumPoints)"
        case "morePages": command = flag().map { .setMorePages($0) }; wanted = "true or false"
        case "shouldPullToRefresh": command = flag().map { .setShouldPullToRefresh($0) }; wanted = "true or false"
        case "shouldInfinitelyScroll": command = flag().map { .setShouldInfinitelyScroll($0) }; wanted = "true or false"
        case "statefulState":
            guard let word = value.identifier, let state = TableState(rawValue: word) else {
                var notes: [DiagnosticNote] = []
                if let word = value.identifier, let near = Suggestion.nearest(to: word, in: builtinStates) {
                    notes.append(DiagnosticNote("did you mean '\(near)'?"))
                }
                notes.append(DiagnosticNote("states: " + builtinStates.joined(separator: ", ")))
                return .failure([Diagnostic(id: "type-mismatch", span: value.span, message: "'statefulState' takes a state", notes: notes)])
            }
            return .success(.setState(state))
        case "loadingView", "emptyView", "errorView":
            guard let word = value.identifier, word != "none" else {
                return .failure([Diagnostic(id: "type-mismatch", span: value.span,
                                            message: "'\(name.text)' takes a view name, or nil",
                                            notes: [DiagnosticNote("'none' is how the log writes no background view")])])
            }
            if word != "nil" { names.insert(word, in: backgrounds) }
            return .success(.setView(TableView(rawValue: name.text)!, word == "nil" ? nil : word))
        default: return .failure([Vocabulary.unknown(name, among: settings)])
        }
        guard let command else {
            return .failure([Diagnostic(id: "type-mismatch", span: value.span, message: "'\(name.text)' takes \(wanted)")])
        }
        return .success(command)
    }

    private static func compileCall(_ name: Name, _ arguments: [Argument]?) -> Checked<Command> {
        var reader: ArgumentReader
        let command: Command
        switch Word(name.text) {
        case "appear", "viewWillAppear":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("animated")])
            _ = reader.flag("animated", at: 0, default: false)
            command = .appear
        case "loadNewer", "pullToRefresh", "scrollToBottom", "refreshAction", "infiniteScrollingHandler", "triggerInfiniteScrolling":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [])
            let commands: [String: Command] = ["loadNewer": .loadNewer, "pullToRefresh": .pullToRefresh, "scrollToBottom": .scrollToBottom,
                                               "refreshAction": .refreshAction, "infiniteScrollingHandler": .infiniteScrollingHandler,
                                               "triggerInfiniteScrolling": .triggerInfiniteScrolling]
            command = commands[name.text]!
        case "updateInfiniteScrollingHandlerAndFooterView":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("shouldInfinitelyScroll", positional: true)])
            guard reader.has("shouldInfinitelyScroll", at: 0) else {
                return .failure([Diagnostic(id: "missing-argument", span: name.span, message: "'\(name.text)' needs true or false")])
            }
            command = .updateInfiniteScrolling(reader.flag("shouldInfinitelyScroll", at: 0, default: true))
        case "succeed":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("request", positional: true), ParameterSpec("inserted")])
            guard let request = requestKind(&reader, of: name) else { return .failure(reader.problems) }
            if reader.has("inserted", at: 1) && request != .refresh {
                reader.problems.append(Diagnostic(id: "unexpected-argument", span: name.span,
                                                  message: "only a refresh's success passes index paths to insert"))
            }
            command = .succeed(request, inserted: reader.integer("inserted", at: 1, default: 0, in: 0...100_000))
        case "fail":
            reader = ArgumentReader(call: name, arguments: arguments, parameters: [ParameterSpec("request", positional: true), ParameterSpec("error")])
            guard let request = requestKind(&reader, of: name) else { return .failure(reader.problems) }
            command = .fail(request, error: reader.string("error", at: 1))
        default:
            return .failure([Vocabulary.unknown(name, among: statementNames + settings + ["wait", "expect", "model"])])
        }
        return reader.hasProblems ? .failure(reader.problems) : .success(command)
    }

    private static func requestKind(_ reader: inout ArgumentReader, of call: Name) -> TableRequest? {
        guard let name = reader.name("request", at: 0, of: call) else { return nil }
        guard let request = TableRequest(rawValue: name.text) else {
            var notes: [DiagnosticNote] = []
            if let near = Suggestion.nearest(to: name.text, in: TableRequest.allCases.map(\.rawValue)) {
                notes.append(DiagnosticNote("did you mean '\(near)'?"))
            }
            notes.append(DiagnosticNote("requests: initial, refresh, nextPage"))
            reader.problems.append(Diagnostic(id: "unknown-request", span: name.span, message: "unknown request '\(name.text)'", notes: notes))
            return nil
        }
        return request
    }


    public static func describe(_ command: Command) -> String {
        switch command {
        case .setRows(let rows): return "rows = \(rows)"
        case .setMorePages(let value): return "statefulTableViewControllerShouldBeginLoadingNextPage: -> \(value ? "YES" : "NO")"
        case .setRowHeight(let value): return "heightForRowAtIndexPath: -> \(value)"
        case .setContentOffset(let value): return "contentOffset.y = \(value)"
        case .setShouldPullToRefresh(let value): return "statefulTableViewControllerShouldPullToRefresh: -> \(value ? "YES" : "NO")"
        case .setShouldInfinitelyScroll(let value): return "statefulTableViewControllerShouldInfinitelyScroll: -> \(value ? "YES" : "NO")"
        case .appear: return "viewWillAppear:"
        case .loadNewer: return "loadNewer"
        case .setView(let view, let name): return "self.\(view.rawValue) = \(name ?? "nil")"
        case .setState(let state): return "self.statefulState = \(state.rawValue)"
        case .pullToRefresh: return "pull-to-refresh gesture"
        case .scrollToBottom: return "drag past the bottom and let go"
        case .refreshAction: return "refresh control's action, from code: _loadFromPullToRefresh"
        case .infiniteScrollingHandler: return "infinite-scrolling handler, from code: _loadNextPage"
        case .triggerInfiniteScrolling: return "[tableView triggerInfiniteScrolling]"
        case .updateInfiniteScrolling(let value): return "updateInfiniteScrollingHandlerAndFooterView:\(value ? "YES" : "NO")"
        case .succeed(let request, let inserted):
            return request == .refresh ? "refresh: success(\(inserted) index paths)" : "\(request.rawValue): success()"
        case .fail(let request, let error):
            return "\(request.rawValue): failure(\(error.map(SwiftLiteral.string) ?? "nil"))"
        }
    }
}
