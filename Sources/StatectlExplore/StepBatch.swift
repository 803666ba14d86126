import StatectlSimulate

/// The successors of the configuration being expanded, one per event taken, simulated
/// and encoded, waiting to be stored: explore stores them together so that their look-ups'
/// cache misses overlap (`PackedSet.warm`). Their identities lie end to end in the
/// search's encoder; the arrays keep their storage from one configuration to the next.
struct StepBatch {
    private(set) var count = 0
    /// The event each step took.
    private(set) var events: [Int] = []
    /// The hashes of the identities to store, in order (steps that stopped have none).
    private(set) var hashes: [UInt32] = []
    /// Per step: its place in `hashes`, or -1 when it stopped on a runtime error.
    private var hashIndex: [Int] = []
    /// Per step: the runtime error's message when it stopped.
    private(set) var stopMessages: [String?] = []
    /// Where each step's identity starts and ends in the encoder.
    private var identityStarts: [Int] = []
    private var identityEnds: [Int] = []
    private var walks: [Int] = []
    private var walkEnds: [Int] = []

    mutating func removeAll() {
        count = 0
        events.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        hashIndex.removeAll(keepingCapacity: true)
        stopMessages.removeAll(keepingCapacity: true)
        identityStarts.removeAll(keepingCapacity: true)
        identityEnds.removeAll(keepingCapacity: true)
        walks.removeAll(keepingCapacity: true)
        walkEnds.removeAll(keepingCapacity: true)
    }

    /// A step to store, whose identity is `encoded[identity]`; the decision walks it took
    /// are copied.
    mutating func add(event: Int, identity: Range<Int>, in encoded: UnsafeRawBufferPointer, walks taken: [Int]) {
        append(event: event, stop: nil, hashed: Int32(hashes.count))
        hashes.append(PackedSet.hash(UnsafeRawBufferPointer(rebasing: encoded[identity])))
        identityStarts.append(identity.lowerBound)
        identityEnds.append(identity.upperBound)
        walks.append(contentsOf: taken)
        walkEnds.append(walks.count)
    }

    /// A step that stopped on a runtime error.
    mutating func addStop(event: Int, message: String?) {
        append(event: event, stop: message, hashed: -1)
        identityStarts.append(0)
        identityEnds.append(0)
        walkEnds.append(walks.count)
    }

    private mutating func append(event: Int, stop: String?, hashed: Int32) {
        count += 1
        events.append(event)
        hashIndex.append(Int(hashed))
        stopMessages.append(stop)
    }

    /// Step `step`'s identity hash; nil when it stopped on a runtime error.
    func hash(_ step: Int) -> UInt32? {
        let place = hashIndex[step]
        return place < 0 ? nil : hashes[place]
    }

    /// The decision walks step `step` took.
    func walks(_ step: Int) -> ArraySlice<Int> {
        walks[(step == 0 ? 0 : walkEnds[step - 1])..<walkEnds[step]]
    }

    /// Where step `step`'s identity lies in the encoder.
    func identity(_ step: Int) -> Range<Int> { identityStarts[step]..<identityEnds[step] }
}
