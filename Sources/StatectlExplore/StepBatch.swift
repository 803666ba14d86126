import StatectlSimulate

/// The successors of the configuration being expanded, one per event taken, simulated
/// and encoded, waiting to be stored: explore stores them together so that their look-ups'
/// cache misses overlap (`PackedSet.warm`). Their identities lie end to end in the
/// search's encoder. Per step, arrays as long as the alphabet, written in place: emptying
/// a dozen arrays for every configuration cost more than the steps' bookkeeping.
struct StepBatch {
    private(set) var count = 0
    /// The event each step took.
    private(set) var events: [Int]
    /// Each step's identity hash (0, unused, for a step that stopped: warming its slot
    /// costs a load and changes nothing).
    private(set) var hashes: [UInt32]
    /// Each step's runtime error's message, when it stopped on one.
    private(set) var stopMessages: [String?]
    private var stopped: [Bool]
    /// Each step's place in the encoder, and its decision walks in `walks`.
    private var identities: [Range<Int>]
    private var walkRanges: [Range<Int>]
    private var walks: [Int] = []

    init(events alphabet: Int) {
        events = Array(repeating: 0, count: alphabet)
        hashes = Array(repeating: 0, count: alphabet)
        stopMessages = Array(repeating: nil, count: alphabet)
        stopped = Array(repeating: false, count: alphabet)
        identities = Array(repeating: 0..<0, count: alphabet)
        walkRanges = Array(repeating: 0..<0, count: alphabet)
    }

    mutating func removeAll() {
        count = 0
        walks.removeAll(keepingCapacity: true)
    }

    /// A step to store, whose identity is `encoded[identity]`; the decision walks it took
    /// are copied.
    mutating func add(event: Int, identity: Range<Int>, in encoded: UnsafeRawBufferPointer, walks taken: [Int]) {
        hashes[count] = PackedSet.hash(UnsafeRawBufferPointer(rebasing: encoded[identity]))
        stopped[count] = false
        identities[count] = identity
        add(event: event, walks: taken)
    }

    /// A step that stopped on a runtime error (its walks are not counted).
    mutating func addStop(event: Int, message: String?) {
        hashes[count] = 0
        stopped[count] = true
        stopMessages[count] = message
        add(event: event, walks: [])
    }

    private mutating func add(event: Int, walks taken: [Int]) {
        events[count] = event
        let start = walks.count
        walks.append(contentsOf: taken)
        walkRanges[count] = start..<walks.count
        count += 1
    }

    /// Step `step`'s identity hash; nil when it stopped on a runtime error.
    func hash(_ step: Int) -> UInt32? { stopped[step] ? nil : hashes[step] }

    /// The decision walks step `step` took.
    func walks(_ step: Int) -> ArraySlice<Int> { walks[walkRanges[step]] }

    /// Where step `step`'s identity lies in the encoder.
    func identity(_ step: Int) -> Range<Int> { identities[step] }
}
