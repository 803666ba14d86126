/// The states of JMStatefulTableViewController, by the names scripts use.
public enum TableState: String, Sendable, CaseIterable {
    case idle, initialLoading, loadingFromPullToRefresh, loadingNextPage, empty, error
}

/// The delegate requests that are answered later by a success or failure block.
public enum TableRequest: String, Sendable, CaseIterable {
    case initial, refresh, nextPage
}

/// jakemarsh's JMStatefulTableViewController: a table view controller with six states,
/// driven by delegate requests that succeed or fail later. UI-free, on the virtual clock.
///
/// Rules (`JMStatefulTableViewController.m` at 5d15b40, with SVPullToRefresh 0.4.1's
/// infinite scrolling; docs/models/JMStatefulTableViewController.md cites the lines):
/// - Every state change calls willTransitionToState, sets the state, applies its table
///   effects, then didTransitionToState, with no equality check.
/// - Idle: infinite scrolling stops, no background, separators and scrolling on,
///   header/footer shown. InitialLoading, Empty, Error: their view as background,
///   separators and scrolling off, header/footer hidden; Empty and Error also stop
///   infinite scrolling. LoadingNextPage and LoadingFromPullToRefresh change nothing.
/// - Gestures pass the gates of the controls first (a refresh control that is not
///   refreshing, a table that scrolls, an infinite-scrolling view that observes and is
///   not loading); the guards, outcomes and offsets are in `decisionTree` and `respond`.
public struct JMStatefulTableViewControllerModel: SimulationModel {
    public enum Command: Sendable {
        case setRows(Int64)
        case setMorePages(Bool)
        case setRowHeight(Int64)
        case setContentOffset(Int64)
        case setShouldPullToRefresh(Bool)
        case setShouldInfinitelyScroll(Bool)
        /// `self.loadingView = …` (and empty, error); nil for `nil`.
        case setView(TableView, String?)
        /// `self.statefulState = …`, from outside the library's own loads.
        case setState(TableState)
        case appear
        case loadNewer
        /// The user pulls the table down and lets go.
        case pullToRefresh
        /// The user drags past the bottom of the table and lets go.
        case scrollToBottom
        /// The refresh control's action called from code: `_loadFromPullToRefresh`, ungated.
        case refreshAction
        /// The infinite-scrolling handler block called from code: `_loadNextPage`, ungated.
        case infiniteScrollingHandler
        /// SVPullToRefresh's `triggerInfiniteScrolling`: the view starts loading and runs its handler.
        case triggerInfiniteScrolling
        case updateInfiniteScrolling(Bool)
        case succeed(TableRequest, inserted: Int64)
        case fail(TableRequest, error: String?)
    }

    /// The three state views a subclass may replace (or set to nil).
    public enum TableView: String, Sendable, CaseIterable {
        case loadingView, emptyView, errorView
    }

    public static let name = "JMStatefulTableViewController"
    public static let builtinStates = TableState.allCases.map(\.rawValue)
    static let requests = "request"
    static let backgrounds = "background"
    public static let builtinNamespaces = [requests: TableRequest.allCases.map(\.rawValue),
                                           backgrounds: ["none", "loading", "empty", "error"]]
    /// Height of the refresh control, which becomes the inset's top after a refresh that
    /// inserts rows. The −60 on the offset is a literal in the original, control or not.
    static let refreshControlHeight: Int64 = 60
    static let refreshOffsetLiteral: Int64 = 60

    public static let properties: [PropertySpec] = [
        PropertySpec("state", .state, "statefulState"),
        PropertySpec("pending", .orderedNames(namespace: requests), "outstanding delegate requests, oldest first"),
        PropertySpec("infiniteScrolling", .flag, "showsInfiniteScrolling (YES while no infinite-scrolling view exists)"),
        PropertySpec("infiniteScrollingLoading", .flag, "whether the infinite-scrolling view is in its loading state"),
        PropertySpec("refreshing", .flag, "whether the refresh control is refreshing (pulled, not yet ended)"),
        PropertySpec("background", .name(namespace: backgrounds), "the table's backgroundView: none, loading, empty, error or a custom view"),
        PropertySpec("scrollEnabled", .flag, "whether the table scrolls"),
        PropertySpec("contentOffset", .count, "contentOffset.y in points"),
        PropertySpec("contentInset", .count, "contentInset.top in points"),
        PropertySpec("rows", .count, "what the data source reports"),
    ]

    var state = TableState.idle
    var rows: Int64 = 0
    var morePages = true
    var rowHeight: Int64 = 44
    var contentOffset: Int64 = 0
    var contentInsetTop: Int64 = 0
    var shouldPullToRefresh = true
    var shouldInfinitelyScroll = true
    var pending: [TableRequest] = []
    /// Requests answered at least once: their blocks can be called again.
    var answered: Set<TableRequest> = []
    var background = "none"
    var scrollEnabled = true
    var views: [TableView: String] = [.loadingView: "loading", .emptyView: "empty", .errorView: "error"]
    // The refresh control (UIRefreshControl, which UITableViewController has from iOS 6).
    /// `hasAddedPullToRefreshControl`: a refresh control was added (once, never removed).
    var hasPullToRefresh = false
    var refreshing = false
    // SVPullToRefresh's infinite-scrolling view: made once, never removed.
    var hasInfiniteScrollingView = false
    var hasInfiniteScrollingHandler = false
    var infiniteScrollingHidden = false
    var infiniteScrollingLoading = false

    public init() {}

    /// `showsInfiniteScrolling` is `!infiniteScrollingView.hidden`: YES when there is no view.
    var showsInfiniteScrolling: Bool { !hasInfiniteScrollingView || !infiniteScrollingHidden }

    public mutating func perform(_ command: Command, effects: inout Effects) throws(RuntimeError) {
        switch command {
        case .setRows(let value): rows = value
        case .setMorePages(let value): morePages = value
        case .setRowHeight(let value): rowHeight = value
        case .setContentOffset(let value): contentOffset = value
        case .setShouldPullToRefresh(let value): shouldPullToRefresh = value
        case .setShouldInfinitelyScroll(let value): shouldInfinitelyScroll = value
        case .setView(let view, let name): views[view] = name
        case .setState(let target): setState(target, effects: &effects)
        case .appear: viewWillAppear(effects: &effects)
        case .loadNewer: handle(Entry.loadNewer, effects: &effects)
        case .pullToRefresh: pullToRefreshGesture(effects: &effects)
        case .scrollToBottom: scrollToBottomGesture(effects: &effects)
        case .refreshAction:
            guard hasPullToRefresh else {
                return ignored("refreshAction", "no refresh control: the message goes to nil", effects: &effects)
            }
            handle(Entry.loadFromPullToRefresh, effects: &effects)
        case .infiniteScrollingHandler:
            guard hasInfiniteScrollingHandler else {
                return ignored("infiniteScrollingHandler", "no handler is installed", effects: &effects)
            }
            handle(Entry.loadNextPage, effects: &effects)
        case .triggerInfiniteScrolling:
            guard hasInfiniteScrollingView else {
                return ignored("triggerInfiniteScrolling", "no infinite-scrolling view: the message goes to nil", effects: &effects)
            }
            startInfiniteScrollingView(effects: &effects)
            runInfiniteScrollingHandler("triggerInfiniteScrolling", effects: &effects)
        case .updateInfiniteScrolling(let value):
            updateInfiniteScrollingHandlerAndFooterView(value, effects: &effects)
        case .succeed(let request, let inserted):
            try resolve(request, effects: &effects)
            let entry = [TableRequest.initial: Entry.initialSuccess, .refresh: Entry.refreshSuccess, .nextPage: Entry.nextPageSuccess][request]!
            handle(entry, inserted: inserted, effects: &effects)
        case .fail(let request, _):
            try resolve(request, effects: &effects)
            let entry = [TableRequest.initial: Entry.initialFailure, .refresh: Entry.refreshFailure, .nextPage: Entry.nextPageFailure][request]!
            handle(entry, effects: &effects)
        }
    }

    /// `viewWillAppear:` (.m:319–350): the refresh control, then the infinite-scrolling
    /// set-up, then the first page, as the delegate's optional answers allow.
    mutating func viewWillAppear(effects: inout Effects) {
        if !hasPullToRefresh && shouldPullToRefresh {
            hasPullToRefresh = true
            table("refreshControl", .string("added"), effects: &effects)
        }
        updateInfiniteScrollingHandlerAndFooterView(shouldInfinitelyScroll, effects: &effects)
        handle(Entry.loadFirstPage, effects: &effects)
    }

    /// `updateInfiniteScrollingHandlerAndFooterView:` (.m:352–365) with SVPullToRefresh's
    /// `addInfiniteScrollingWithActionHandler:`, which installs only when no view exists yet.
    mutating func updateInfiniteScrollingHandlerAndFooterView(_ shouldInfinitelyScroll: Bool, effects: inout Effects) {
        if shouldInfinitelyScroll {
            guard !hasInfiniteScrollingHandler else { return }
            guard !hasInfiniteScrollingView else {
                return ignored("addInfiniteScrollingWithActionHandler",
                               "a view already exists, so no handler is installed: paging stays off", effects: &effects)
            }
            hasInfiniteScrollingView = true
            hasInfiniteScrollingHandler = true
            infiniteScrollingHidden = false
            table("infiniteScrolling", .string("view and handler added"), effects: &effects)
        } else {
            hasInfiniteScrollingHandler = false
            table("infiniteScrolling", .string(hasInfiniteScrollingView ? "handler nil, tableFooterView nil" : "tableFooterView nil (no view)"),
                  effects: &effects)
        }
    }

    /// The user pulls and lets go: the refresh control sends its action only if it exists,
    /// the table can be dragged, and it is not still refreshing.
    mutating func pullToRefreshGesture(effects: inout Effects) {
        let outcome = gesture(Entry.pullGesture, effects: &effects) { question in
            switch question {
            case Question.hasRefreshControl: return hasPullToRefresh
            case Question.scrollEnabled: return scrollEnabled
            default: return refreshing
            }
        }
        guard outcome == Outcome.refreshAction else { return }
        refreshing = true
        table("refreshControl", .string("refreshing"), effects: &effects)
        handle(Entry.loadFromPullToRefresh, effects: &effects)
    }

    /// The user drags past the bottom and lets go: SVPullToRefresh's view goes
    /// Triggered → Loading only if it observes the table, the user could drag (isDragging),
    /// and it is not loading already; then it runs its handler, if it has one.
    mutating func scrollToBottomGesture(effects: inout Effects) {
        let outcome = gesture(Entry.scrollGesture, effects: &effects) { question in
            switch question {
            case Question.hasInfiniteScrollingView: return hasInfiniteScrollingView
            case Question.observing: return !infiniteScrollingHidden
            case Question.scrollEnabled: return scrollEnabled
            default: return infiniteScrollingLoading
            }
        }
        guard outcome == Outcome.infiniteScrollingLoading else { return }
        startInfiniteScrollingView(effects: &effects)
        runInfiniteScrollingHandler("scrollToBottom", effects: &effects)
    }

    /// Walks a gesture's gates; when one stops it, says why in an `ignored` record.
    func gesture(_ entry: String, effects: inout Effects, answer: (String) -> Bool) -> String {
        let tree = Self.decisionTree
        let walk = tree.walk(from: tree.index(ofNode: entry)!, answer: answer, perform: { _ in })
        effects.record(.decision, tree.recordFields(entry: entry, walk: walk))
        if walk.outcome == Outcome.ignored, let stop = walk.edges.last.map({ tree.edges[$0].from }) {
            let reason: String
            switch tree.nodes[stop].step {
            case .ask(let key, _, _):
                switch key {
                case Question.hasRefreshControl: reason = "no refresh control (appear with shouldPullToRefresh true to add one)"
                case Question.scrollEnabled: reason = "scrolling is disabled in \(state.rawValue): the user cannot drag the table"
                case Question.refreshing: reason = "the refresh control is still refreshing (until endRefreshing)"
                case Question.hasInfiniteScrollingView: reason = "no infinite-scrolling view (one is added only by an appearance with shouldInfinitelyScroll YES)"
                case Question.observing: reason = "showsInfiniteScrolling is NO: the view no longer observes the table"
                default: reason = "the infinite-scrolling view is still loading: it stops only on Idle, Empty or Error"
                }
            default: reason = "ignored"
            }
            ignored(entry == Entry.pullGesture ? "pullToRefresh" : "scrollToBottom", reason, effects: &effects)
        }
        return walk.outcome
    }

    mutating func startInfiniteScrollingView(effects: inout Effects) {
        infiniteScrollingLoading = true
        table("infiniteScrollingView", .string("loading"), effects: &effects)
    }

    mutating func runInfiniteScrollingHandler(_ event: String, effects: inout Effects) {
        guard hasInfiniteScrollingHandler else {
            return ignored(event, "the view has no handler (infinite scrolling was turned off; turning it on never reinstalls one)",
                           effects: &effects)
        }
        handle(Entry.loadNextPage, effects: &effects)
    }

    /// The oldest pending request of that kind answers. A block already answered may be
    /// called again (the library does not stop it); one never made is a runtime error.
    mutating func resolve(_ request: TableRequest, effects: inout Effects) throws(RuntimeError) {
        if let index = pending.firstIndex(of: request) {
            pending.remove(at: index)
            answered.insert(request)
            return
        }
        guard answered.contains(request) else {
            throw RuntimeError("no \(request.rawValue) request is pending, so there is no block to call",
                               notes: ["pending: [" + pending.map(\.rawValue).joined(separator: ", ") + "]"])
        }
        table("\(request.rawValue) block", .string("called again: it was already answered"), effects: &effects)
    }

    /// Walks the tree from an event's entry with the current answers, then does what the outcome says.
    mutating func handle(_ entry: String, inserted: Int64 = 0, effects: inout Effects) {
        let tree = Self.decisionTree
        var performed: [String] = []
        let model = self
        let walk = tree.walk(from: tree.index(ofNode: entry)!, answer: { question in
            switch question {
            case Question.rowsZero: return model.rows == 0
            case Question.firstPageGuard: return model.state == .initialLoading || model.rows > 0
            case Question.refreshGuard: return model.state == .loadingFromPullToRefresh
            case Question.nextPageGuard: return model.state == .loadingNextPage
            case Question.morePages: return model.morePages
            case Question.rowsPositive: return model.rows > 0
            case Question.inserted: return inserted > 0
            default: preconditionFailure("unknown question \(question)")
            }
        }, perform: { performed.append($0) })
        effects.record(.decision, tree.recordFields(entry: entry, walk: walk))
        for effect in performed {
            switch effect {
            case "infiniteOff": setShowsInfiniteScrolling(false, effects: &effects)
            case "keepOffset":
                // The inset is the control's height: 0 without one (a message to nil). The
                // offset's − 60 is a literal (.m:130–145).
                contentInsetTop = hasPullToRefresh ? Self.refreshControlHeight : 0
                table("contentInset.top", .int(contentInsetTop), effects: &effects)
                let heights = inserted * rowHeight
                contentOffset = contentOffset == 0 ? heights - Self.refreshOffsetLiteral : contentOffset + heights
                table("contentOffset.y", .int(contentOffset), effects: &effects)
            default: break
            }
        }
        switch walk.outcome {
        case Outcome.ignored:
            break
        case Outcome.noMorePages:
            setShowsInfiniteScrolling(false, effects: &effects)
        default:
            let target = TableState(rawValue: walk.outcome)!
            if target == .loadingNextPage { setShowsInfiniteScrolling(true, effects: &effects) }
            setState(target, effects: &effects)
            let request: TableRequest? = switch target {
            case .initialLoading: .initial
            case .loadingFromPullToRefresh: .refresh
            case .loadingNextPage: .nextPage
            default: nil
            }
            if let request {
                pending.append(request)
                effects.record(.request, [Field(.name, .string(request.rawValue)),
                                          Field(.pending, .strings(pending.map(\.rawValue)))])
            }
        }
        // `_pullToRefreshFinishedLoading` runs after the state is Idle (.m:148–154).
        if entry == Entry.refreshSuccess || entry == Entry.refreshFailure, hasPullToRefresh {
            refreshing = false
            table("refreshControl", .string("endRefreshing"), effects: &effects)
        }
    }

    func table(_ change: String, _ value: FieldValue, effects: inout Effects) {
        effects.record(.table, [Field(.change, .string(change)), Field(.value, value)])
    }

    /// Something the user or the code did that the library let pass without effect, and why.
    func ignored(_ event: String, _ reason: String, effects: inout Effects) {
        effects.record(.ignored, [Field(.name, .string(event)), Field(.reason, .string(reason))])
    }

    /// SVPullToRefresh's setter hides the view; with no view it is a message to nil.
    mutating func setShowsInfiniteScrolling(_ value: Bool, effects: inout Effects) {
        if hasInfiniteScrollingView { infiniteScrollingHidden = !value }
        table("showsInfiniteScrolling", .bool(value), effects: &effects)
    }

    /// `setStatefulState:`: callbacks around the state's table effects, with no equality check.
    mutating func setState(_ target: TableState, effects: inout Effects) {
        effects.record(.callback, [Field(.name, .string("willTransitionToState")), Field(.state, .string(target.rawValue))])
        state = target
        let view: TableView?
        switch target {
        case .idle: view = nil
        case .initialLoading: view = .loadingView
        case .empty: view = .emptyView
        case .error: view = .errorView
        case .loadingNextPage, .loadingFromPullToRefresh:
            effects.record(.callback, [Field(.name, .string("didTransitionToState")), Field(.state, .string(target.rawValue))])
            return
        }
        let covered = view != nil
        background = view.flatMap { views[$0] } ?? "none"
        scrollEnabled = !covered
        let stopsInfiniteScrolling = target == .idle || target == .empty || target == .error
        if stopsInfiniteScrolling && hasInfiniteScrollingView { infiniteScrollingLoading = false }
        effects.record(.tableEffects, [Field(.backgroundView, .string(background)), Field(.separators, .bool(!covered)),
                                       Field(.scrollEnabled, .bool(scrollEnabled)), Field(.headerFooterHidden, .bool(covered)),
                                       Field(.infiniteScrollingStopped, .bool(stopsInfiniteScrolling))])
        effects.record(.callback, [Field(.name, .string("didTransitionToState")), Field(.state, .string(target.rawValue))])
    }

    public func endTurn(effects: inout Effects) {}
    public var nextDeadline: Int64? { nil }
    public func reachDeadline(effects: inout Effects) {}

    public func observe(_ property: String) throws(RuntimeError) -> ObservedValue {
        // Lengths compared first (`Word`): every `expect` reads a property, and `==` on the
        // names it is not took the library's slow path for each case before its own.
        switch Word(property) {
        case "state": return .name(state.rawValue)
        case "pending": return .names(pending.map(\.rawValue))
        case "infiniteScrolling": return .flag(showsInfiniteScrolling)
        case "infiniteScrollingLoading": return .flag(infiniteScrollingLoading)
        case "refreshing": return .flag(refreshing)
        case "background": return .name(background)
        case "scrollEnabled": return .flag(scrollEnabled)
        case "contentOffset": return .count(contentOffset)
        case "contentInset": return .count(contentInsetTop)
        case "rows": return .count(rows)
        default: preconditionFailure("unknown property \(property)")
        }
    }

    public func finalFields() -> [Field] {
        [Field(.state, .string(state.rawValue)), Field(.pending, .strings(pending.map(\.rawValue))),
         Field(.infiniteScrolling, .bool(showsInfiniteScrolling)), Field(.background, .string(background)),
         Field(.scrollEnabled, .bool(scrollEnabled)), Field(.contentOffset, .int(contentOffset))]
    }
}
