/// StatefulViewController's decision tree (aschuch, `StatefulViewControllerImplementation.swift`,
/// `transitionViewStates(loading:error:animated:completion:)` and the three methods that call it).
///
/// - With content, an error is handed to `handleErrorWhenContentAvailable` at once (an
///   unobtrusive error) and every placeholder is hidden (the machine goes to `.none`).
/// - Without content: loading wins over error, and error over empty.
///
/// The questions read inputs fixed at call time, hasContent included.
extension StatefulViewControllerModel {
    enum Question {
        static let hasContent = "hasContent"
        static let errorWithContent = "errorWithContent"
        static let loading = "loading"
        static let error = "error"
    }

    static let unobtrusiveErrorEffect = "handleErrorWhenContentAvailable"

    enum Entry {
        static let setup = "setupInitialViewState"
        static let start = "startLoading"
        static let end = "endLoading"
        static let transitionViewStates = "transitionViewStates"
    }

    /// Rows of `decisionTable`, in the order of its entries.
    enum Row {
        static let setup = 0, start = 1, end = 2, transitionViewStates = 3
    }

    /// What the model reads of a walk: the state it requests, and whether the walk passed
    /// handleErrorWhenContentAvailable.
    struct Decided: Sendable {
        var target: MachineState
        var unobtrusive: Bool
    }

    /// Every walk of the tree. Inputs: error (answering both error questions), loading,
    /// hasContent.
    static let decisionTable = DecisionTable<Decided>(
        tree: decisionTree, entries: [Entry.setup, Entry.start, Entry.end, Entry.transitionViewStates],
        inputs: [[Question.error, Question.errorWithContent], [Question.loading], [Question.hasContent]]
    ) { walk, performed in
        Decided(target: walk.outcome == "content" ? .none : .view(walk.outcome), unobtrusive: !performed.isEmpty)
    }

    public static let decisionTree = DecisionTree(name: "StatefulViewController", declarations: [
        .init(Entry.setup, "setupInitialViewState()", .entry,
              .enter(to: "hasContent", label: "loading: lastState == loading\nerror: lastState == error")),
        .init(Entry.start, "startLoading()", .entry, .enter(to: "hasContent", label: "loading: true")),
        .init(Entry.end, "endLoading(error:)", .entry, .enter(to: "hasContent", label: "loading: false")),
        .init(Entry.transitionViewStates, "transitionViewStates(loading:error:)", .entry, .enter(to: "hasContent", label: nil)),
        .init("hasContent", "hasContent?", .question, .ask(key: Question.hasContent, yes: "errorWithContent", no: "loading")),
        .init("errorWithContent", "error?", .question, .ask(key: Question.errorWithContent, yes: "unobtrusiveError", no: "content")),
        .init("unobtrusiveError", "handleErrorWhenContentAvailable(error)", .effect, state: "error",
              .perform(key: unobtrusiveErrorEffect, then: "content")),
        .init("loading", "loading?", .question, .ask(key: Question.loading, yes: "showLoading", no: "error")),
        .init("error", "error?", .question, .ask(key: Question.error, yes: "showError", no: "showEmpty")),
        .init("content", "show content\n(hide placeholders)", .outcome, state: "content", .outcome(key: "content")),
        .init("showLoading", "show loading view", .outcome, state: "loading", .outcome(key: "loading")),
        .init("showError", "show error view", .outcome, state: "error", .outcome(key: "error")),
        .init("showEmpty", "show empty view", .outcome, state: "empty", .outcome(key: "empty")),
    ])
}
