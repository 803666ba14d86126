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
        // The gates of the gestures, before the library hears of them.
        static let hasRefreshControl = "hasRefreshControl"
        static let scrollEnabled = "scrollEnabled"
        static let refreshing = "refreshing"
        static let hasInfiniteScrollingView = "hasInfiniteScrollingView"
        static let observing = "observing"
        static let infiniteScrollingLoading = "infiniteScrollingLoading"
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
        static let pullGesture = "pullGesture"
        static let scrollGesture = "scrollGesture"
    }

    /// Outcomes that are not a state: the event changes nothing, or only infinite scrolling.
    enum Outcome {
        static let ignored = "ignored"
        static let noMorePages = "noMorePages"
        /// A gesture got through: the control's action, or the view's handler, runs.
        static let refreshAction = "refreshAction"
        static let infiniteScrollingLoading = "infiniteScrollingLoading"
    }

    public static let decisionTree = DecisionTree(name: "JMStatefulTableViewController", declarations: [
        .init(Entry.loadFirstPage, "_loadFirstPage\n(viewWillAppear:)", .entry, .enter(to: "firstPageGuard", label: nil)),
        .init(Entry.loadNewer, "loadNewer", .entry, .enter(to: "rowsZero", label: nil)),
        .init(Entry.loadFromPullToRefresh, "_loadFromPullToRefresh\n(the control's action)", .entry, .enter(to: "refreshGuard", label: nil)),
        .init(Entry.loadNextPage, "_loadNextPage\n(the view's handler)", .entry, .enter(to: "nextPageGuard", label: nil)),
        .init(Entry.pullGesture, "pull-to-refresh\ngesture", .entry, .enter(to: "hasRefreshControl", label: nil)),
        .init(Entry.scrollGesture, "drag past the bottom\n(infinite scrolling)", .entry, .enter(to: "hasInfiniteScrollingView", label: nil)),
        .init(Entry.initialSuccess, "initial: success()", .entry, .enter(to: "rowsPositive", label: "reloadData")),
        .init(Entry.initialFailure, "initial: failure()", .entry, .enter(to: "error", label: nil)),
        .init(Entry.nextPageSuccess, "nextPage: success()", .entry, .enter(to: "morePagesAgain", label: "reloadData")),
        .init(Entry.nextPageFailure, "nextPage: failure()", .entry, .enter(to: "idle", label: nil)),
        .init(Entry.refreshSuccess, "refresh: success(indexPaths)", .entry, .enter(to: "inserted", label: nil)),
        .init(Entry.refreshFailure, "refresh: failure()", .entry, .enter(to: "idle", label: nil)),

        .init("hasRefreshControl", "refresh control?", .question,
              .ask(key: Question.hasRefreshControl, yes: "pullScrollEnabled", no: "ignored")),
        .init("pullScrollEnabled", "scrollEnabled?\n(NO in InitialLoading,\nEmpty, Error)", .question,
              .ask(key: Question.scrollEnabled, yes: "refreshing", no: "ignored")),
        .init("refreshing", "control still\nrefreshing?", .question, .ask(key: Question.refreshing, yes: "ignored", no: "refreshAction")),
        .init("hasInfiniteScrollingView", "infinite-scrolling\nview?", .question,
              .ask(key: Question.hasInfiniteScrollingView, yes: "observing", no: "ignored")),
        .init("observing", "showsInfiniteScrolling?\n(the view observes)", .question,
              .ask(key: Question.observing, yes: "dragScrollEnabled", no: "ignored")),
        .init("dragScrollEnabled", "scrollEnabled?\n(isDragging needs it)", .question,
              .ask(key: Question.scrollEnabled, yes: "viewLoading", no: "ignored")),
        .init("viewLoading", "view still loading?\n(stops on Idle,\nEmpty, Error)", .question,
              .ask(key: Question.infiniteScrollingLoading, yes: "ignored", no: "infiniteScrollingLoading")),
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
        .init("keepOffset", "contentInset.top = control height\n(60; 0 without a control)\ncontentOffset += row heights\n(− 60 when it was 0)", .effect,
              .perform(key: "keepOffset", then: "idle")),

        .init("ignored", "ignored", .outcome, .outcome(key: Outcome.ignored)),
        .init("noMorePages", "showsInfiniteScrolling = NO\n(state unchanged)", .outcome, state: "empty",
              .outcome(key: Outcome.noMorePages)),
        .init("refreshAction", "control refreshing;\naction: _loadFromPullToRefresh", .outcome, state: "loading",
              .outcome(key: Outcome.refreshAction)),
        .init("infiniteScrollingLoading", "view loading;\nhandler: _loadNextPage", .outcome, state: "loading",
              .outcome(key: Outcome.infiniteScrollingLoading)),
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
