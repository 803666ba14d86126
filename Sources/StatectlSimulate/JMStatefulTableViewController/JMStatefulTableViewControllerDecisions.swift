/// JMStatefulTableViewController's state machine as a decision tree
/// (jakemarsh, `JMStatefulTableViewController.m`): each event is an entry, each guard a
/// question, each outcome the state it sets (or what it does instead). The model walks
/// it for every event; `statectl graph --model JMStatefulTableViewController` draws it.
extension JMStatefulTableViewControllerModel {
    enum Question {
        static let firstPageGuard = "firstPageGuard"
        static let rowsZero = "rowsZero"
        static let refreshGuard = "refreshGuard"
        static let nextPageGuard = "nextPageGuard"
        static let morePages = "morePages"
        static let rowsPositive = "rowsPositive"
        static let inserted = "inserted"
    }

    enum Entry {
        static let loadFirstPage = "_loadFirstPage"
        static let loadNewer = "loadNewer"
        static let loadFromPullToRefresh = "_loadFromPullToRefresh"
        static let loadNextPage = "_loadNextPage"
        static let initialSuccess = "initialSuccess"
        static let initialFailure = "initialFailure"
        static let nextPageSuccess = "nextPageSuccess"
        static let nextPageFailure = "nextPageFailure"
        static let refreshSuccess = "refreshSuccess"
        static let refreshFailure = "refreshFailure"
    }

    /// Outcomes that are not a state: the event changes nothing, or only infinite scrolling.
    enum Outcome {
        static let ignored = "ignored"
        static let noMorePages = "noMorePages"
    }

    public static let decisionTree = DecisionTree(name: "JMStatefulTableViewController", declarations: [
        .init(Entry.loadFirstPage, "_loadFirstPage\n(viewWillAppear:)", .entry, .enter(to: "firstPageGuard", label: nil)),
        .init(Entry.loadNewer, "loadNewer", .entry, .enter(to: "rowsZero", label: nil)),
        .init(Entry.loadFromPullToRefresh, "_loadFromPullToRefresh\n(pull-to-refresh gesture)", .entry, .enter(to: "refreshGuard", label: nil)),
        .init(Entry.loadNextPage, "_loadNextPage\n(scrolled to the bottom)", .entry, .enter(to: "nextPageGuard", label: nil)),
        .init(Entry.initialSuccess, "initial: success()", .entry, .enter(to: "rowsPositive", label: "reloadData")),
        .init(Entry.initialFailure, "initial: failure()", .entry, .enter(to: "error", label: nil)),
        .init(Entry.nextPageSuccess, "nextPage: success()", .entry, .enter(to: "morePagesAgain", label: "reloadData")),
        .init(Entry.nextPageFailure, "nextPage: failure()", .entry, .enter(to: "idle", label: nil)),
        .init(Entry.refreshSuccess, "refresh: success(indexPaths)", .entry, .enter(to: "inserted", label: nil)),
        .init(Entry.refreshFailure, "refresh: failure()", .entry, .enter(to: "idle", label: "stop refreshing")),

        .init("rowsZero", "rows == 0?", .question, .ask(key: Question.rowsZero, yes: "firstPageGuard", no: "refreshGuard")),
        .init("firstPageGuard", "InitialLoading\nor rows > 0?", .question,
              .ask(key: Question.firstPageGuard, yes: "ignored", no: "initialLoading")),
        .init("refreshGuard", "LoadingFromPullToRefresh?", .question,
              .ask(key: Question.refreshGuard, yes: "ignored", no: "loadingFromPullToRefresh")),
        .init("nextPageGuard", "LoadingNextPage?", .question, .ask(key: Question.nextPageGuard, yes: "ignored", no: "morePages")),
        .init("morePages", "shouldBeginLoadingNextPage?", .question, .ask(key: Question.morePages, yes: "loadingNextPage", no: "noMorePages")),
        .init("morePagesAgain", "shouldBeginLoadingNextPage?\n(asked again)", .question,
              .ask(key: Question.morePages, yes: "rowsPositive", no: "infiniteOff")),
        .init("infiniteOff", "showsInfiniteScrolling = NO", .effect, .perform(key: "infiniteOff", then: "rowsPositive")),
        .init("rowsPositive", "rows > 0?", .question, .ask(key: Question.rowsPositive, yes: "idle", no: "empty")),
        .init("inserted", "rows inserted?", .question, .ask(key: Question.inserted, yes: "keepOffset", no: "idle")),
        .init("keepOffset", "contentInset.top = 60\ncontentOffset += row heights\n(− 60 when it was 0)", .effect,
              .perform(key: "keepOffset", then: "idle")),

        .init("ignored", "ignored", .outcome, .outcome(key: Outcome.ignored)),
        .init("noMorePages", "showsInfiniteScrolling = NO\n(state unchanged)", .outcome, state: "empty",
              .outcome(key: Outcome.noMorePages)),
        .init("idle", "Idle", .outcome, state: "content", .outcome(key: TableState.idle.rawValue)),
        .init("initialLoading", "InitialLoading\n(request initial)", .outcome, state: "loading",
              .outcome(key: TableState.initialLoading.rawValue)),
        .init("loadingFromPullToRefresh", "LoadingFromPullToRefresh\n(request refresh)", .outcome, state: "loading",
              .outcome(key: TableState.loadingFromPullToRefresh.rawValue)),
        .init("loadingNextPage", "LoadingNextPage\n(request nextPage)", .outcome, state: "loading",
              .outcome(key: TableState.loadingNextPage.rawValue)),
        .init("empty", "Empty", .outcome, state: "empty", .outcome(key: TableState.empty.rawValue)),
        .init("error", "Error", .outcome, state: "error", .outcome(key: TableState.error.rawValue)),
    ])
}
