/// The container's transitions and appearance forwarding, following the method structure
/// of the original so each rule can be checked against it.
extension StateViewControllerModel {
    // MARK: - Appearance

    mutating func viewWillAppear(animated: Bool, movingToParent: Bool, effects: inout Effects) throws(RuntimeError) {
        isApplyingAppearanceState = false
        isInAppearanceTransition = false
        let state = try loadAppearanceState()
        hasAppeared = true
        if movingToParent {
            setNeedsStateTransition(to: state, animated: animated, effects: &effects)
        } else {
            let outcome = decide(Entry.appearance, effects: &effects) { _ in transitioningFrom != nil }
            if outcome == Outcome.pending {
                pendingState = (state, animated)
            } else {
                beginStateTransition(to: state, animated: animated, effects: &effects)
            }
            isApplyingAppearanceState = outcome == Outcome.applyAppearanceState
            endStateTransitionIfNeeded(animated: animated, effects: &effects)
        }
        // Children on their way out leave now, with their callbacks, before the appearance begins.
        for child in ordered(beingRemoved) { removeChild(child, animated: false, effects: &effects) }
        isInAppearanceTransition = true
        forwardBeginAppearance(isAppearing: true, animated: animated, effects: &effects)
    }

    mutating func viewDidAppear(animated: Bool, effects: inout Effects) {
        isInAppearanceTransition = false
        forwardEndAppearance(didAppear: true, animated: animated, effects: &effects)
        if isApplyingAppearanceState {
            for child in ordered(beingAdded) { didAddChild(child, animated: animated, effects: &effects) }
        }
        endStateTransitionIfNeeded(animated: animated, effects: &effects)
    }

    mutating func viewWillDisappear(animated: Bool, effects: inout Effects) {
        isInAppearanceTransition = false
        pendingState = nil
        for child in ordered(beingAdded) { didAddChild(child, animated: animated, effects: &effects) }
        isInAppearanceTransition = true
        forwardBeginAppearance(isAppearing: false, animated: animated, effects: &effects)
    }

    mutating func viewDidDisappear(animated: Bool, effects: inout Effects) {
        isInAppearanceTransition = false
        for child in ordered(beingRemoved) { removeChild(child, animated: animated, effects: &effects) }
        forwardEndAppearance(didAppear: false, animated: animated, effects: &effects)
        endStateTransitionIfNeeded(animated: animated, effects: &effects)
    }

    /// Children not in a state transition hear about the container's appearance.
    func forwardBeginAppearance(isAppearing: Bool, animated: Bool, effects: inout Effects) {
        for child in contained where !beingAdded.contains(child) && !beingRemoved.contains(child) {
            callback(isAppearing ? "childWillAppear" : "childWillDisappear", child: child, animated: animated, effects: &effects)
        }
    }

    func forwardEndAppearance(didAppear: Bool, animated: Bool, effects: inout Effects) {
        for child in contained where !beingAdded.contains(child) && !beingRemoved.contains(child) {
            callback(didAppear ? "childDidAppear" : "childDidDisappear", child: child, animated: animated, effects: &effects)
        }
    }

    // MARK: - State transitions

    /// `setNeedsStateTransition(to:animated:)`.
    mutating func setNeedsStateTransition(to state: String, animated: Bool, effects: inout Effects) {
        let outcome = decide(Entry.request, effects: &effects) { question in
            question == Question.transitioning ? transitioningFrom != nil : animated
        }
        switch outcome {
        case Outcome.pending:
            pendingState = (state, animated)
            // The original checks for an end here too: this is how a finished transition that
            // was never ended (a non-animated one) ends when the next request arrives.
            endStateTransitionIfNeeded(animated: animated, effects: &effects)
        case Outcome.finishChildren:
            beginStateTransition(to: state, animated: animated, effects: &effects)
            endStateTransitionIfNeeded(animated: animated, effects: &effects)
            for child in ordered(beingAdded) { didAddChild(child, animated: animated, effects: &effects) }
            for child in ordered(beingRemoved) { removeChild(child, animated: animated, effects: &effects) }
        default:
            beginStateTransition(to: state, animated: animated, effects: &effects)
            endStateTransitionIfNeeded(animated: animated, effects: &effects)
            performStateTransition(animated: animated, effects: &effects)
        }
    }

    /// `beginStateTransition`, once the tree has said a transition may begin.
    mutating func beginStateTransition(to state: String, animated: Bool, effects: inout Effects) {
        callback("willTransition", state: state, animated: animated, effects: &effects)
        // An override of willTransition(to:) runs before the transition is marked as begun:
        // a request it makes begins at once, inside this one.
        react(to: "willTransition", state: state, effects: &effects)
        transitioningFrom = state
        stateInternal = state
        let previous = contained
        let next = children(for: state)
        for child in previous where !next.contains(child) { willRemoveChild(child, animated: animated, effects: &effects) }
        for child in next where !previous.contains(child) { addChild(child, animated: animated, effects: &effects) }
    }

    /// Arriving children animate first, then leaving ones; each completes after its delay and duration.
    mutating func performStateTransition(animated: Bool, effects: inout Effects) {
        for (children, isAppearing) in [(ordered(beingAdded), true), (ordered(beingRemoved), false)] {
            for child in children {
                let settings = settings(of: child)
                if settings.transitioning {
                    callback("stateTransitionWillBegin", child: child, isAppearing: isAppearing, effects: &effects)
                }
                let end = effects.now + settings.delay(isAppearing: isAppearing) + settings.duration(isAppearing: isAppearing)
                animations.append(Animation(time: end, sequence: nextSequence,
                                            child: child, isAppearing: isAppearing, animated: animated))
                nextSequence += 1
            }
        }
    }

    /// `endStateTransitionIfNeeded(animated:)`.
    mutating func endStateTransitionIfNeeded(animated: Bool, effects: inout Effects) {
        let outcome = decide(Entry.end, effects: &effects) { question in
            switch question {
            case Question.transitioning: return transitioningFrom != nil
            case Question.inAppearanceTransition: return isInAppearanceTransition
            case Question.childrenInTransit: return !beingAdded.isEmpty || !beingRemoved.isEmpty
            default: return pendingState != nil
            }
        }
        guard outcome == Outcome.idle || outcome == Outcome.startPending, let from = transitioningFrom else { return }
        transitioningFrom = nil
        callback("didTransition", state: from, animated: animated, effects: &effects)
        // The library's recommended place for a request: it begins at once, before the
        // pending state (read again afterwards, as the original does) is looked at.
        react(to: "didTransition", state: from, effects: &effects)
        if let (state, pendingAnimated) = pendingState {
            pendingState = nil
            setNeedsStateTransition(to: state, animated: pendingAnimated, effects: &effects)
        }
    }

    /// Runs the first reaction waiting for this callback, and forgets it.
    mutating func react(to callback: String, state: String, effects: inout Effects) {
        guard let index = reactions.firstIndex(where: { $0.callback == callback && ($0.state == nil || $0.state == state) }) else {
            return
        }
        let reaction = reactions.remove(at: index)
        effects.record(.statement, [Field(.call, .string(
            "\(callback) override: setNeedsStateTransition(to: \(reaction.target), animated: \(reaction.animated))"))])
        setNeedsStateTransition(to: reaction.target, animated: reaction.animated, effects: &effects)
    }

    // MARK: - Children

    mutating func addChild(_ child: String, animated: Bool, effects: inout Effects) {
        guard !beingAdded.contains(child) else { return }
        contained.append(child)
        containment("addChild", child: child, effects: &effects)
        if !isInAppearanceTransition { callback("childWillAppear", child: child, animated: animated, effects: &effects) }
        beingAdded.insert(child)
    }

    mutating func didAddChild(_ child: String, animated: Bool, effects: inout Effects) {
        guard beingAdded.contains(child) else { return }
        if !isInAppearanceTransition { callback("childDidAppear", child: child, animated: animated, effects: &effects) }
        containment("didMove(toParent: self)", child: child, effects: &effects)
        beingAdded.remove(child)
    }

    mutating func willRemoveChild(_ child: String, animated: Bool, effects: inout Effects) {
        guard !beingRemoved.contains(child) else { return }
        containment("willMove(toParent: nil)", child: child, effects: &effects)
        if !isInAppearanceTransition { callback("childWillDisappear", child: child, animated: animated, effects: &effects) }
        beingRemoved.insert(child)
    }

    mutating func removeChild(_ child: String, animated: Bool, effects: inout Effects) {
        guard beingRemoved.contains(child) else { return }
        if !isInAppearanceTransition { callback("childDidDisappear", child: child, animated: animated, effects: &effects) }
        contained.removeAll { $0 == child }
        containment("removeFromParent()", child: child, effects: &effects)
        beingRemoved.remove(child)
    }
}
