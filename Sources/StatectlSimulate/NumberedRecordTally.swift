/// The numbered records (`RecordView.fieldsKey`) a sink has taken, in order, each as the
/// number the sink gave it: explore's sink keeps only which decision walks a step took.
///
/// `Effects` takes a record here by its key alone once the sink has numbered that key
/// (`number(key:as:)`), and hands it to the sink otherwise. Through the sink's protocol, with
/// its fields, time and line, a decision cost the model three times as much as the look-up.
///
///     let tally = NumberedRecordTally()
///     tally.number(key: 3, as: 0)   // the sink met the record keyed 3 and numbered it 0
///     tally.numbers.pointee.take(key: 3)  // true: taken as number 0
///     tally[0]                      // 0
public final class NumberedRecordTally {
    /// What the tally holds, where `Effects` reaches it.
    public struct Numbers {
        /// Numbers by key, + 1 (0: the sink has not numbered the key yet).
        @usableFromInline var byKey: [Int] = []
        /// Taken since `removeAll`: the first `count` of raw memory that `deinit` frees. Raw:
        /// a record is taken on most steps, and an array's append checked its uniqueness.
        @usableFromInline var taken = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        @usableFromInline var capacity = 64
        @usableFromInline var takenCount = 0

        init() {}

        /// How many were taken since `removeAll`.
        @inlinable public var count: Int { takenCount }

        /// The number of the `index`th taken since `removeAll`.
        @inlinable public subscript(index: Int) -> Int {
            precondition(index >= 0 && index < takenCount, "no record \(index) taken")
            return taken[index]
        }

        /// Takes the record keyed `key` if the sink numbered the key; false, taking nothing,
        /// if not.
        @inlinable @inline(__always)
        public mutating func take(key: Int) -> Bool {
            guard key >= 0, key < byKey.count else { return false }
            let numberPlusOne = byKey[key]
            guard numberPlusOne != 0 else { return false }
            append(numberPlusOne &- 1)
            return true
        }

        /// Takes record number `number`.
        @inlinable @inline(__always)
        public mutating func append(_ number: Int) {
            if takenCount == capacity { grow() }
            taken[takenCount] = number
            takenCount &+= 1
        }

        /// Twice the room for records taken. Apart, so that `append` saves and restores no
        /// registers for the allocation's call.
        @usableFromInline @inline(never)
        mutating func grow() {
            let larger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
            larger.initialize(from: taken, count: takenCount)
            taken.deallocate()
            taken = larger
            capacity *= 2
        }
    }

    /// Allocated once and freed with the tally: `Effects` keeps the address, not the tally,
    /// so that copying the effects retains nothing more; the sink that owns the tally, which
    /// the effects hold, keeps it alive as long as they are. Unchecked for exclusivity too:
    /// one thread simulates.
    public let numbers: UnsafeMutablePointer<Numbers>

    public init() {
        numbers = .allocate(capacity: 1)
        numbers.initialize(to: Numbers())
    }

    deinit {
        numbers.pointee.taken.deallocate()
        numbers.deinitialize(count: 1)
        numbers.deallocate()
    }

    /// How many were taken since `removeAll`.
    @inlinable public var count: Int { numbers.pointee.count }

    /// The number of the `index`th taken since `removeAll`.
    @inlinable public subscript(index: Int) -> Int { numbers.pointee[index] }

    public func removeAll() { numbers.pointee.takenCount = 0 }

    /// Takes record number `number`.
    @inlinable public func append(_ number: Int) { numbers.pointee.append(number) }

    /// Takes the record keyed `key` if the sink numbered the key; false if not.
    @inlinable public func take(key: Int) -> Bool { numbers.pointee.take(key: key) }

    /// Records keyed `key` are number `number` from now on.
    public func number(key: Int, as number: Int) {
        precondition(key >= 0, "a record's key is not negative")
        if key >= numbers.pointee.byKey.count {
            numbers.pointee.byKey += Array(repeating: 0, count: key + 1 - numbers.pointee.byKey.count)
        }
        numbers.pointee.byKey[key] = number + 1
    }
}
