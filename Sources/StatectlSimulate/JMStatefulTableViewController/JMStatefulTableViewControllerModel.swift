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
/// Rules (`JMStatefulTableViewController.m`; the issue that specified this model is authoritative):
/// - Every state change calls willTransitionToState, sets the state, applies its table
///   effects, then didTransitionToState, with no equality check.
/// - Idle: infinite scrolling stops, no background, separators and scrolling on,
///   header/footer shown. InitialLoading, Empty, Error: their view as background,
///   separators and scrolling off, header/footer hidden; Empty and Error also stop
///   infinite scrolling. LoadingNextPage and LoadingFromPullToRefresh change nothing.
/// - The guards, outcomes and offsets are in `decisionTree` and `respond`.
public struct JMStatefulTableViewControllerModel: SimulationModel {
    public enum Command: Sendable {
        case setRows(Int64)
        case setMorePages(Bool)
        case setRowHeight(Int64)
        case setContentOffset(Int64)
        case setShouldPullToRefresh(Bool)
        case setShouldInfinitelyScroll(Bool)
        case appear
        case loadNewer
        case pullToRefresh
        case scrollToBottom
        case succeed(TableRequest, inserted: Int64)
        case fail(TableRequest, error: String?)
    }

    public static let name = "JMStatefulTableViewController"
    public static let builtinStates = TableState.allCases.map(\.rawValue)
    static let requests = "request"
    static let backgrounds = "background"
    public static let builtinNamespaces = [requests: TableRequest.allCases.map(\.rawValue),
                                           backgrounds: ["none", "loading", "empty", "error"]]
    /// Height of the pull-to-refresh view, which the original subtracts from the offset.
    static let refreshControlHeight: Int64 = 60

    public static let properties: [PropertySpec] = [
        PropertySpec("state", .state, "statefulState"),
        PropertySpec("pending", .orderedNames(namespace: requests), "outstanding delegate requests, oldest first"),
        PropertySpec("infiniteScrolling", .flag, "showsInfiniteScrolling"),
        PropertySpec("background", .name(namespace: backgrounds), "the table's backgroundView: none, loading, empty or error"),
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
    var background = "none"
    var scrollEnabled = true
    var showsInfiniteScrolling = false
    var hasPullToRefresh = false
    var hasInfiniteScrollingHandler = false

    public init() {}

    public mutating func perform(_ command: Command, effects: inout Effects) throws(RuntimeError) {
        switch command {
        case .setRows(let value): rows = value
        case .setMorePages(let value): morePages = value
        case .setRowHeight(let value): rowHeight = value
        case .setContentOffset(let value): contentOffset = value
        case .setShouldPullToRefresh(let value): shouldPullToRefresh = value
        case .setShouldInfinitelyScroll(let value): shouldInfinitelyScroll = value
        case .appear: viewWillAppear(effects: &effects)
        case .loadNewer: handle(Entry.loadNewer, effects: &effects)
        case .pullToRefresh:
            guard hasPullToRefresh else {
                return table("pullToRefresh", .string("no control: appear first, with shouldPullToRefresh true"), effects: &effects)
            }
            handle(Entry.loadFromPullToRefresh, effects: &effects)
        case .scrollToBottom:
            guard hasInfiniteScrollingHandler, showsInfiniteScrolling else {
                return table("infiniteScrolling", .string("not triggered: infinite scrolling is off"), effects: &effects)
            }
            handle(Entry.loadNextPage, effects: &effects)
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

    /// `viewWillAppear:`: the first page, then the pull-to-refresh control and the
    /// infinite-scrolling handler, as the delegate's optional answers allow.
    mutating func viewWillAppear(effects: inout Effects) {
        handle(Entry.loadFirstPage, effects: &effects)
        if !hasPullToRefresh && shouldPullToRefresh {
            hasPullToRefresh = true
            table("pullToRefresh", .string("control added"), effects: &effects)
        }
        if shouldInfinitelyScroll {
            if !hasInfiniteScrollingHandler {
                hasInfiniteScrollingHandler = true
                showsInfiniteScrolling = true
                table("infiniteScrolling", .string("handler added"), effects: &effects)
            }
        } else if hasInfiniteScrollingHandler {
            hasInfiniteScrollingHandler = false
            table("infiniteScrolling", .string("handler removed, footer removed"), effects: &effects)
        }
    }

    /// The oldest pending request of that kind answers; none pending is a script error at run time.
    mutating func resolve(_ request: TableRequest, effects: inout Effects) throws(RuntimeError) {
        guard let index = pending.firstIndex(of: request) else {
            throw RuntimeError("no \(request.rawValue) request is pending, so there is no block to call",
                               notes: ["pending: [" + pending.map(\.rawValue).joined(separator: ", ") + "]"])
        }
        pending.remove(at: index)
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
                contentInsetTop = Self.refreshControlHeight
                table("contentInset.top", .int(contentInsetTop), effects: &effects)
                let heights = inserted * rowHeight
                contentOffset = contentOffset == 0 ? heights - Self.refreshControlHeight : contentOffset + heights
                table("contentOffset.y", .int(contentOffset), effects: &effects)
            default: break
            }
        }
        if entry == Entry.refreshSuccess || entry == Entry.refreshFailure {
            table("pullToRefresh", .string("stopped animating"), effects: &effects)
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
    }

    func table(_ change: String, _ value: FieldValue, effects: inout Effects) {
        effects.record(.table, [Field(.change, .string(change)), Field(.value, value)])
    }

    mutating func setShowsInfiniteScrolling(_ value: Bool, effects: inout Effects) {
        showsInfiniteScrolling = value
        table("showsInfiniteScrolling", .bool(value), effects: &effects)
    }

    /// `setStatefulState:`: callbacks around the state's table effects, with no equality check.
    mutating func setState(_ target: TableState, effects: inout Effects) {
        effects.record(.callback, [Field(.name, .string("willTransitionToState")), Field(.state, .string(target.rawValue))])
        state = target
        let covered: String?
        switch target {
        case .idle: covered = nil
        case .initialLoading: covered = "loading"
        case .empty: covered = "empty"
        case .error: covered = "error"
        case .loadingNextPage, .loadingFromPullToRefresh:
            effects.record(.callback, [Field(.name, .string("didTransitionToState")), Field(.state, .string(target.rawValue))])
            return
        }
        background = covered ?? "none"
        scrollEnabled = covered == nil
        let stopsInfiniteScrolling = target == .idle || target == .empty || target == .error
        effects.record(.tableEffects, [Field(.backgroundView, .string(background)), Field(.separators, .bool(covered == nil)),
                                       Field(.scrollEnabled, .bool(scrollEnabled)), Field(.headerFooterHidden, .bool(covered != nil)),
                                       Field(.infiniteScrollingStopped, .bool(stopsInfiniteScrolling))])
        effects.record(.callback, [Field(.name, .string("didTransitionToState")), Field(.state, .string(target.rawValue))])
    }

    public func endTurn(effects: inout Effects) {}
    public var nextDeadline: Int64? { nil }
    public func reachDeadline(effects: inout Effects) {}

    public func observe(_ property: String) throws(RuntimeError) -> ObservedValue {
        switch property {
        case "state": return .name(state.rawValue)
        case "pending": return .names(pending.map(\.rawValue))
        case "infiniteScrolling": return .flag(showsInfiniteScrolling)
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
