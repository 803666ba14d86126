/// StateViewController's decision logic (davidask, `StateViewController.swift`): what a
/// transition request does, and when a state transition may end. The model walks these
/// trees to decide, and `statectl graph --model StateViewController` draws them.
extension StateViewControllerModel {
    enum Question {
        static let transitioning = "transitioning"
        static let animated = "animated"
        static let inAppearanceTransition = "inAppearanceTransition"
        static let childrenInTransit = "childrenInTransit"
        static let pending = "pending"
    }

    enum Entry {
        /// `setNeedsStateTransition(to:animated:)`
        static let request = "setNeedsStateTransition"
        /// `viewWillAppear` when not moving to a parent: `beginStateTransition` directly.
        static let appearance = "appearanceState"
        /// `endStateTransitionIfNeeded(animated:)`
        static let end = "endStateTransitionIfNeeded"
    }

    enum Outcome {
        static let pending = "pending"
        static let animate = "animate"
        static let finishChildren = "finishChildren"
        static let applyAppearanceState = "applyAppearanceState"
        static let notTransitioning = "notTransitioning"
        static let waitForAppearance = "waitForAppearance"
        static let waitForChildren = "waitForChildren"
        static let startPending = "startPending"
        static let idle = "idle"
    }

    /// Every walk of the tree, its outcome's key: a decision asks the model all five
    /// questions, each a plain read of its state.
    static let decisionTable = DecisionTable<String>(
        tree: decisionTree, entries: [Entry.request, Entry.appearance, Entry.end],
        inputs: [[Question.transitioning], [Question.animated], [Question.inAppearanceTransition],
                 [Question.childrenInTransit], [Question.pending]]
    ) { walk, _ in walk.outcome }

    public static let decisionTree = DecisionTree(name: "StateViewController", declarations: [
        .init(Entry.request, "setNeedsStateTransition(to:animated:)", .entry, .enter(to: "requestTransitioning", label: nil)),
        .init(Entry.appearance, "viewWillAppear\n(not moving to a parent)", .entry,
              .enter(to: "appearanceTransitioning", label: "loadAppearanceState()")),
        .init(Entry.end, "endStateTransitionIfNeeded", .entry, .enter(to: "endTransitioning", label: nil)),

        .init("requestTransitioning", "transitioning\nbetween states?", .question,
              .ask(key: Question.transitioning, yes: "pending", no: "begin")),
        .init("pending", "pending state = request\n(the last request wins)", .outcome, state: "pending", .outcome(key: Outcome.pending)),
        .init("begin", "willTransition(to:),\nchildren leave, then arrive", .effect,
              .perform(key: "begin", then: "animated")),
        .init("animated", "animated?", .question, .ask(key: Question.animated, yes: "animate", no: "finishChildren")),
        .init("animate", "children animate\n(delay + duration each)", .outcome, state: "loading", .outcome(key: Outcome.animate)),
        .init("finishChildren", "children finish at once;\nthe transition stays open", .outcome, state: "error",
              .outcome(key: Outcome.finishChildren)),

        .init("appearanceTransitioning", "transitioning\nbetween states?", .question,
              .ask(key: Question.transitioning, yes: "pending", no: "beginAppearance")),
        .init("beginAppearance", "willTransition(to:),\nchildren leave, then arrive", .effect,
              .perform(key: "begin", then: "applyAppearanceState")),
        .init("applyAppearanceState", "children finish\nin viewDidAppear", .outcome, state: "loading",
              .outcome(key: Outcome.applyAppearanceState)),

        .init("endTransitioning", "transitioning\nbetween states?", .question,
              .ask(key: Question.transitioning, yes: "inAppearance", no: "notTransitioning")),
        .init("notTransitioning", "nothing to end", .outcome, state: "empty", .outcome(key: Outcome.notTransitioning)),
        .init("inAppearance", "in an appearance\ntransition?", .question,
              .ask(key: Question.inAppearanceTransition, yes: "waitForAppearance", no: "childrenInTransit")),
        .init("waitForAppearance", "wait for viewDidAppear /\nviewDidDisappear", .outcome, state: "empty",
              .outcome(key: Outcome.waitForAppearance)),
        .init("childrenInTransit", "children being\nadded or removed?", .question,
              .ask(key: Question.childrenInTransit, yes: "waitForChildren", no: "didTransition")),
        .init("waitForChildren", "wait for the\nslowest child", .outcome, state: "empty", .outcome(key: Outcome.waitForChildren)),
        .init("didTransition", "didTransition(from:)\n(receives the new state)", .effect,
              .perform(key: "didTransition", then: "pendingQuestion")),
        .init("pendingQuestion", "pending state?", .question, .ask(key: Question.pending, yes: "startPending", no: "idle")),
        .init("startPending", "setNeedsStateTransition(pending)", .outcome, state: "loading", .outcome(key: Outcome.startPending)),
        .init("idle", "state transition done", .outcome, state: "content", .outcome(key: Outcome.idle)),
    ])
}
