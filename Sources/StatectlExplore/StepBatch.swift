import StatectlSimulate

/// The successors of the few configurations being expanded, one per event taken from each,
/// simulated and encoded, waiting to be stored: explore stores them together so that their
/// look-ups' cache misses overlap (`PackedSet.warm`). Their identities lie end to end in the
/// search's encoder, their decision walks in the sink's list (`DecisionSink.beginBatch`).
///
/// Raw memory, as long as the alphabet times the configurations, written in place: the
/// batch is written and read on every step, and through arrays each write checked the
/// array's uniqueness and each read its bounds. Noncopyable: it frees its memory.
struct StepBatch: ~Copyable {
    struct Step {
        /// The event the step took.
        var event: Int
        /// Nil when it stopped on a runtime error (its walks are then not counted).
        var identity: Range<Int>?
        /// Its decision walks' place among the sink's.
        var walks: Range<Int>
        /// It led back to the configuration it was taken from (its identity is not kept).
        var returnsHome = false
    }

    private(set) var count = 0
    private let capacity: Int
    /// The configurations expanded, in order: each one's number, its tag in the store (its
    /// observable state) and where its steps begin.
    private var expanded: [(config: Int, tag: UInt32, firstStep: Int)] = []
    private let configurationCapacity: Int
    private let steps: UnsafeMutablePointer<Step>
    /// Each step's identity hash (0, unused, for a step that stopped: warming its slot
    /// costs a load and changes nothing), apart: the store warms them as one buffer.
    private let hashStorage: UnsafeMutablePointer<UInt32>
    /// Each step's runtime error's message, when it stopped on one (rare: an array).
    private(set) var stopMessages: [String?]

    init(steps capacity: Int, configurations: Int) {
        self.capacity = capacity
        configurationCapacity = configurations
        steps = .allocate(capacity: max(capacity, 1))
        hashStorage = .allocate(capacity: max(capacity, 1))
        stopMessages = Array(repeating: nil, count: capacity)
        expanded.reserveCapacity(configurations)
    }

    deinit {
        steps.deinitialize(count: count)
        steps.deallocate()
        hashStorage.deallocate()
    }

    /// The hashes of the steps added since `removeAll`.
    var hashes: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: hashStorage, count: count) }

    mutating func removeAll() {
        steps.deinitialize(count: count)
        count = 0
        expanded.removeAll(keepingCapacity: true)
    }

    /// How many configurations the batch expands.
    var configurationCount: Int { expanded.count }

    /// The steps added from now on are from configuration `config`, tagged `tag`.
    mutating func beginConfiguration(_ config: Int, tag: UInt32) {
        precondition(expanded.count < configurationCapacity, "more configurations than the batch holds")
        expanded.append((config, tag, count))
    }

    /// The `index`th configuration expanded: its number, tag and steps.
    func configuration(_ index: Int) -> (config: Int, tag: UInt32, steps: Range<Int>) {
        let end = index + 1 < expanded.count ? expanded[index + 1].firstStep : count
        return (expanded[index].config, expanded[index].tag, expanded[index].firstStep..<end)
    }

    /// A step to store, whose identity, `bytes`, lies at `identity` in the search's encoder.
    mutating func add(event: Int, identity: Range<Int>, bytes: UnsafeRawBufferPointer, walks: Range<Int>) {
        precondition(count < capacity, "more steps than the batch holds")
        hashStorage[count] = PackedSet.hash(bytes)
        (steps + count).initialize(to: Step(event: event, identity: identity, walks: walks))
        count += 1
    }

    /// A step that led back to the configuration it was taken from: nothing to look up, so
    /// nothing to warm (its hash is 0, as a stopped step's).
    mutating func addReturn(event: Int, walks: Range<Int>) {
        precondition(count < capacity, "more steps than the batch holds")
        hashStorage[count] = 0
        (steps + count).initialize(to: Step(event: event, identity: 0..<0, walks: walks, returnsHome: true))
        count += 1
    }

    /// A step that stopped on a runtime error.
    mutating func addStop(event: Int, message: String?) {
        precondition(count < capacity, "more steps than the batch holds")
        hashStorage[count] = 0
        stopMessages[count] = message
        (steps + count).initialize(to: Step(event: event, identity: nil, walks: 0..<0))
        count += 1
    }

    subscript(step: Int) -> Step {
        precondition(step >= 0 && step < count, "no step \(step)")
        return steps[step]
    }

    func hash(_ step: Int) -> UInt32 { hashStorage[step] }
}
