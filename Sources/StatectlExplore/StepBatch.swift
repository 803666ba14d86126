import StatectlSimulate

/// The successors of the configuration being expanded, one per event taken, simulated
/// and encoded, waiting to be stored: explore stores them together so that their look-ups'
/// cache misses overlap (`PackedSet.warm`). Their identities lie end to end in the
/// search's encoder, their decision walks in the sink's list (`DecisionSink.beginBatch`).
/// Written in place, as long as the alphabet: emptying arrays for every configuration cost
/// more than the steps' bookkeeping.
struct StepBatch {
    struct Step {
        /// The event the step took.
        var event: Int
        /// Nil when it stopped on a runtime error (its walks are then not counted).
        var identity: Range<Int>?
        /// Its decision walks' place among the sink's.
        var walks: Range<Int>
    }

    private(set) var count = 0
    private var steps: [Step]
    /// Each step's identity hash (0, unused, for a step that stopped: warming its slot
    /// costs a load and changes nothing), apart: the store warms them as one buffer.
    private(set) var hashes: [UInt32]
    /// Each step's runtime error's message, when it stopped on one.
    private(set) var stopMessages: [String?]

    init(events alphabet: Int) {
        steps = Array(repeating: Step(event: 0, identity: nil, walks: 0..<0), count: alphabet)
        hashes = Array(repeating: 0, count: alphabet)
        stopMessages = Array(repeating: nil, count: alphabet)
    }

    mutating func removeAll() { count = 0 }

    /// A step to store, whose identity is `encoded[identity]`.
    mutating func add(event: Int, identity: Range<Int>, in encoded: UnsafeRawBufferPointer, walks: Range<Int>) {
        hashes[count] = PackedSet.hash(UnsafeRawBufferPointer(rebasing: encoded[identity]))
        steps[count] = Step(event: event, identity: identity, walks: walks)
        count += 1
    }

    /// A step that stopped on a runtime error.
    mutating func addStop(event: Int, message: String?) {
        hashes[count] = 0
        stopMessages[count] = message
        steps[count] = Step(event: event, identity: nil, walks: 0..<0)
        count += 1
    }

    subscript(step: Int) -> Step { steps[step] }
}
