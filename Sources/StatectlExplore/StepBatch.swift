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
    /// The hashes of the identities to store, in order (steps that stopped have none);
    /// `stored` of them are this configuration's.
    private(set) var hashes: [UInt32]
    private(set) var stored = 0
    /// Per step: its place in `hashes`, or -1 when it stopped on a runtime error.
    private var hashIndex: [Int]
    /// Per step: the runtime error's message when it stopped.
    private(set) var stopMessages: [String?]
    /// Per step: where its identity lies in the encoder, and its decision walks in `walks`.
    private var identities: [Range<Int>]
    private var walkRanges: [Range<Int>]
    private var walks: [Int] = []

    init(events alphabet: Int) {
        events = Array(repeating: 0, count: alphabet)
        hashes = Array(repeating: 0, count: alphabet)
        hashIndex = Array(repeating: 0, count: alphabet)
        stopMessages = Array(repeating: nil, count: alphabet)
        identities = Array(repeating: 0..<0, count: alphabet)
        walkRanges = Array(repeating: 0..<0, count: alphabet)
    }

    mutating func removeAll() {
        count = 0
        stored = 0
        walks.removeAll(keepingCapacity: true)
    }

    /// A step to store, whose identity is `encoded[identity]`; the decision walks it took
    /// are copied.
    mutating func add(event: Int, identity: Range<Int>, in encoded: UnsafeRawBufferPointer, walks taken: [Int]) {
        hashes[stored] = PackedSet.hash(UnsafeRawBufferPointer(rebasing: encoded[identity]))
        hashIndex[count] = stored
        stored += 1
        identities[count] = identity
        add(event: event, walks: taken)
    }

    /// A step that stopped on a runtime error.
    mutating func addStop(event: Int, message: String?, walks taken: [Int]) {
        hashIndex[count] = -1
        stopMessages[count] = message
        add(event: event, walks: taken)
    }

    private mutating func add(event: Int, walks taken: [Int]) {
        events[count] = event
        let start = walks.count
        walks.append(contentsOf: taken)
        walkRanges[count] = start..<walks.count
        count += 1
    }

    /// Step `step`'s identity hash; nil when it stopped on a runtime error.
    func hash(_ step: Int) -> UInt32? {
        let place = hashIndex[step]
        return place < 0 ? nil : hashes[place]
    }

    /// The decision walks step `step` took.
    func walks(_ step: Int) -> ArraySlice<Int> { walks[walkRanges[step]] }

    /// Where step `step`'s identity lies in the encoder.
    func identity(_ step: Int) -> Range<Int> { identities[step] }
}
