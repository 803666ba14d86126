import StatectlParse
import StatectlSimulate

/// What an exploration found, as plain values for the CLI to report, write and draw.
public struct ExploreResult: Sendable {
    public struct PropertyResult: Sendable {
        /// `never visible == [error, loading]`, or `no runtime error`.
        public var text: String
        /// The spec line it was written on; nil for the runtime-error check every spec has.
        public var line: Int?
        public var holds: Bool
        /// Indices into `events` of a shortest sequence that violates it, after the prefix.
        public var counterexample: [Int]?
        /// What went wrong: the runtime error's message, or the values the property read.
        public var message: String?
        /// For a violated property: an `expect` line that fails where the property does.
        /// Nil for a runtime error, which stops the script by itself.
        public var failingExpect: String?
    }

    /// A state the observable properties can be in, and where breadth-first search first met it.
    public struct ObservableState: Sendable {
        /// `property value` pairs, in the model's property order.
        public var values: [(property: String, value: String)]
        public var depth: Int
    }

    /// Steps between two observable states, merged over events.
    public struct Transition: Sendable {
        public var from: Int
        public var to: Int
        /// The events (indices into `events`) that take it, with how many configuration steps each.
        public var events: [(event: Int, count: Int)]
    }

    public var model: String
    /// The prefix's lines as written, in order (the model line included).
    public var prefix: [String]
    public var events: [String]
    public var eventsWereDefault: Bool
    public var depth: Int?
    public var queue: Int?
    /// Every configuration within the bound was expanded: nothing further is reachable.
    public var complete: Bool
    /// `--max-configurations` or `--max-memory` stopped the search before the bound.
    public var stoppedAtLimit: Bool
    /// Which: "max-configurations" or "max-memory"; nil when the search was not stopped.
    public var stoppedBy: String? = nil
    public var configurations: Int
    public var observableStates: [ObservableState]
    public var transitions: [Transition]
    public var steps: Int
    /// Deepest level reached.
    public var levels: Int
    public var branches: BranchCoverage
    /// Bytes kept for the configurations at the end: identities, table, parent links, events
    /// and observable states.
    public var storeBytes: Int
    public var properties: [PropertyResult]
    /// Failed expectations and runtime errors of the prefix itself, if any.
    public var prefixProblems: [Diagnostic]
    /// Event sequences (indices into `events`) that together reach every observable state,
    /// observable transition and reachable branch, shortest first, none a prefix of another
    /// unless it must end there. Empty when `Explorer.explore` was not asked for it.
    public var suite: [[Int]]

    public var allHold: Bool { prefixProblems.isEmpty && properties.allSatisfy(\.holds) }

    /// A script that replays `sequence`: the prefix, then one line per event.
    public func script(for sequence: [Int], header: [String] = []) -> String {
        var lines = header.map { "# " + $0 }
        lines += prefix
        lines += sequence.map { events[$0] }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Progress of a running exploration, for a terminal.
public struct ExploreProgress: Sendable {
    public var level: Int
    public var configurations: Int
    public var steps: Int
}

/// Limits given on the command line rather than in the spec.
public struct ExploreLimits: Sendable {
    public var maxConfigurations: Int?
    /// Bytes the search may keep for its configurations (the store, its table, parent links
    /// and a level's simulators, estimated as their inline size); checked every 65,536 steps.
    public var maxBytes: Int?
    /// Configurations expanded together (`StepBatch`): enough look-ups in flight at once to
    /// overlap their cache misses, few enough that their successors stay in cache. Not a
    /// limit the user sets: tests vary it to check that it changes nothing in the report.
    var configurationsPerBatch = 16

    public init(maxConfigurations: Int? = nil, maxBytes: Int? = nil) {
        self.maxConfigurations = maxConfigurations
        self.maxBytes = maxBytes
    }
}
