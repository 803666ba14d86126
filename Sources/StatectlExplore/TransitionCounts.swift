/// Observable transitions (from, event, to) and how many steps took each, in the order
/// first taken, with the configuration each was first taken from: explore counts one on
/// every step.
///
/// From one observable state, an event mostly leads to one state: the first target met
/// for each (from, event) is counted in a dense table indexed by the pair (8 bytes an
/// entry, a few tens of kilobytes, which stays in the core's cache beside the store's
/// traffic); other targets in a hash index, whose slots, for the tens of thousands of
/// transitions of a large search, were a cache miss on most steps.
///
/// The dense table is raw memory, freed with the counts (noncopyable): an array checked
/// its uniqueness on every count.
struct TransitionCounts: ~Copyable {
    private let events: Int
    /// By `from * events + event`: the first target's number + 1 in the low 24 bits (0:
    /// none yet), its count above them; `pairs` of them, zero past those met.
    private var firstTargets: UnsafeMutablePointer<UInt64>
    private var pairs = 0
    private var otherTargets = HashIndex()
    /// Each transition packed (`key`), in the order first taken, and where first taken.
    private(set) var keys: [UInt64] = []
    private(set) var witnesses: [Int32] = []

    private static let targetBits = 24
    private static let targetMask: UInt64 = (1 << targetBits) - 1
    /// Pairs past this many (2 MiB of table) are counted in the hash index alone: the dense
    /// table pays while it is small, and must not grow with states × events unbounded.
    private static let densePairs = 1 << 18

    init(events: Int) {
        self.events = max(events, 1)
        firstTargets = .allocate(capacity: 0)
    }

    deinit { firstTargets.deallocate() }

    /// A transition packed: its origin, its target, its event (16 bits each at least; the
    /// observable states are numbered below 2^24).
    static func key(from: Int, event: Int, to: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: from) << 40 | UInt64(truncatingIfNeeded: to) << 16 | UInt64(truncatingIfNeeded: event)
    }

    /// The parts of a packed transition.
    static func parts(of key: UInt64) -> (from: Int, event: Int, to: Int) {
        (Int(key >> 40), Int(key & 0xFFFF), Int((key >> 16) & 0xFF_FFFF))
    }

    /// Counts a step from observable state `from` to `to` by `event`, taken from
    /// configuration `origin`.
    @inline(__always)
    mutating func count(from: Int32, event: Int, to: Int32, origin: Int) {
        let pair = Int(from) &* events &+ event
        let target = UInt64(UInt32(bitPattern: to)) &+ 1
        if pair < pairs, target <= Self.targetMask {
            let entry = firstTargets[pair]
            if entry & Self.targetMask == target {
                firstTargets[pair] = entry &+ (1 << Self.targetBits)
                return
            }
        }
        countApart(pair: pair, target: target, from: from, event: event, to: to, origin: origin)
    }

    /// `count` for a pair not in the dense table yet, or a target other than its first.
    @inline(never)
    private mutating func countApart(pair: Int, target: UInt64, from: Int32, event: Int, to: Int32, origin: Int) {
        let key = Self.key(from: Int(from), event: event, to: Int(to))
        if target <= Self.targetMask, pair >= 0, pair < Self.densePairs {
            if pair >= pairs { growFirstTargets(toHold: pair) }
            if firstTargets[pair] == 0 {
                firstTargets[pair] = target | 1 << Self.targetBits
                keys.append(key)
                witnesses.append(Int32(truncatingIfNeeded: origin))
                return
            }
        }
        if otherTargets.count(key) {
            keys.append(key)
            witnesses.append(Int32(truncatingIfNeeded: origin))
        }
    }

    /// Room for pairs up to `pair`, at least twice as many as before, the new ones zero.
    private mutating func growFirstTargets(toHold pair: Int) {
        let larger = min(max(pair + 1, pairs * 2, 64), Self.densePairs)
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: larger)
        table.initialize(from: firstTargets, count: pairs)
        (table + pairs).initialize(repeating: 0, count: larger - pairs)
        firstTargets.deallocate()
        firstTargets = table
        pairs = larger
    }

    /// How many steps took the transition `key`.
    func count(of key: UInt64) -> Int {
        let (from, event, to) = Self.parts(of: key)
        let pair = from * events + event
        if pair < pairs, firstTargets[pair] & Self.targetMask == UInt64(to) + 1 {
            return Int(firstTargets[pair] >> Self.targetBits)
        }
        return otherTargets.count(of: key)
    }
}
