/// What explore tells StateViewController configurations apart by (docs/explore.md).
///
/// Everything stored except `nextSequence` and `instances`: the declarations (children and
/// their settings, states, the appearance state, reactions), the container's state, the
/// children being added and removed, the contained children in order, and the running
/// animations in the order they complete, with remaining time instead of absolute time.
/// Fresh children's instance numbers (`Spinner#7`) are serials: they are renumbered by rank
/// among the live instances, which keeps their order (new instances are always later).
extension StateViewControllerModel: ExplorableModel {
    /// Every declared state, animated and not, the appearance callbacks, and two waits.
    public static func defaultEvents(known: KnownNames) -> [String] {
        var events: [String] = []
        for state in known.sorted() {
            events.append("transition(to: \(state), animated: true)")
            events.append("transition(to: \(state), animated: false)")
        }
        return events + ["appear", "disappear", "wait 100ms", "wait 350ms"]
    }

    public static let counters: [String] = []
    /// An animation's end can end the state transition, which walks the tree.
    public static let decidesWhileFinishing = true

    /// The pending state: at most one, the last request wins.
    public var pendingWork: Int { pendingState == nil ? 0 : 1 }
    public var isSettled: Bool { pendingState == nil && animations.isEmpty && transitioningFrom == nil }

    public func encodeIdentity(into encoder: inout IdentityEncoder, now: Int64) {
        // Live instances of fresh children, renumbered 1, 2, … per child in instance order.
        var live = Set<String>(contained).union(beingAdded).union(beingRemoved)
        for animation in animations { live.insert(animation.child) }
        var rank: [String: String] = [:]
        let numbered = live.filter { $0.contains("#") }.sorted { (Self.base(of: $0), Self.instance(of: $0)) < (Self.base(of: $1), Self.instance(of: $1)) }
        var counts: [String: Int] = [:]
        for child in numbered {
            let base = Self.base(of: child)
            counts[base, default: 0] += 1
            rank[child] = "\(base)#\(counts[base]!)"
        }
        func canonical(_ child: String) -> String { rank[child] ?? child }

        encoder.add(childOrder.count)
        for child in childOrder {
            let settings = childSettings[child] ?? Child()
            encoder.add(child)
            encoder.add(settings.transitioning)
            encoder.add(settings.appearDuration)
            encoder.add(settings.disappearDuration)
            encoder.add(settings.appearDelay)
            encoder.add(settings.disappearDelay)
            encoder.add(settings.fresh)
        }
        encoder.add(reactions.count)
        for reaction in reactions {
            encoder.add(reaction.callback)
            encoder.add(reaction.state)
            encoder.add(reaction.target)
            encoder.add(reaction.animated)
        }
        encoder.add(willAppearAnimated)
        encoder.add(willDisappearAnimated)
        encoder.add(stateChildren.count)
        for state in stateChildren.keys.sorted() {
            encoder.add(state)
            let children = stateChildren[state]!
            encoder.add(children.count)
            for child in children { encoder.add(child) }
        }
        encoder.add(appearanceState)
        encoder.add(stateInternal)
        encoder.add(transitioningFrom)
        encoder.add(isInAppearanceTransition)
        encoder.add(isApplyingAppearanceState)
        encoder.add(pendingState?.state)
        encoder.add(pendingState?.animated ?? false)
        for set in [beingAdded, beingRemoved] {
            let members = ordered(set)
            encoder.add(members.count)
            for child in members { encoder.add(canonical(child)) }
        }
        encoder.add(contained.count)
        for child in contained { encoder.add(canonical(child)) }
        encoder.add(hasAppeared)
        // Sequence numbers only order equal times; new ones are always larger, so the order is enough.
        let running = animations.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
        encoder.add(running.count)
        for animation in running {
            encoder.add(animation.time - now)
            encoder.add(canonical(animation.child))
            encoder.add(animation.isAppearing)
            encoder.add(animation.animated)
        }
    }
}
