/// What explore tells JMStatefulTableViewController configurations apart by (docs/explore.md):
/// every stored property. The model keeps no counters, ids or times.
extension JMStatefulTableViewControllerModel: ExplorableModel {
    /// Appearing, the three loads, a success and a failure for each request kind, and the
    /// data source answering with no rows or with a page of them.
    public static func defaultEvents(known: KnownNames) -> [String] {
        ["appear", "loadNewer", "pullToRefresh", "scrollToBottom",
         "succeed(initial)", "fail(initial)", "succeed(refresh)", "fail(refresh)", "succeed(nextPage)", "fail(nextPage)",
         "rows = 0", "rows = 20"]
    }

    public static let counters: [String] = []
    public static let decidesWhileFinishing = false

    /// Outstanding delegate requests.
    public var pendingWork: Int { pending.count }
    public var isSettled: Bool { pending.isEmpty }

    /// The delegate answers requests it was given and has not answered yet; calling a block
    /// again (which the model allows) is a script's business, not an event explore invents.
    public func canPerform(_ command: Command) -> Bool {
        switch command {
        case .succeed(let request, _), .fail(let request, _): return pending.contains(request)
        default: return true
        }
    }

    public func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        encoder.add(state.rawValue)
        encoder.add(rows)
        encoder.add(morePages)
        encoder.add(rowHeight)
        encoder.add(contentOffset)
        encoder.add(contentInsetTop)
        encoder.add(shouldPullToRefresh)
        encoder.add(shouldInfinitelyScroll)
        encoder.add(pending.count)
        for request in pending { encoder.add(request.rawValue) }
        for request in TableRequest.allCases { encoder.add(answered.contains(request)) }
        encoder.add(background)
        encoder.add(scrollEnabled)
        for view in TableView.allCases { encoder.add(views[view]) }
        encoder.add(hasPullToRefresh)
        encoder.add(refreshing)
        encoder.add(hasInfiniteScrollingView)
        encoder.add(hasInfiniteScrollingHandler)
        encoder.add(infiniteScrollingHidden)
        encoder.add(infiniteScrollingLoading)
    }
}
