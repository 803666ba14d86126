#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the view state machine shows: no placeholder (`.none`), or the placeholder view
/// with a key (`.view(key)`).
///
/// A number, whatever the key: the library's four keys have their own, and any other key
/// the number `CustomStateKeys` gave its text. Explore copies, compares and destroys states
/// several times a step; as text, a custom key was retained, released and compared, and
/// every copy of a machine (three states) went through the runtime's value witnesses. Equal
/// keys get equal numbers, so equal states have equal storage.
public struct MachineState: Hashable, Sendable {
    /// 0 none, 1–4 the library's keys (content, loading, error, empty), 5 + n the custom
    /// key numbered n.
    private let code: UInt32

    public static let none = MachineState(code: 0)

    private init(code: UInt32) { self.code = code }

    /// The state that shows the view keyed `key`.
    public static func view(_ key: String) -> MachineState {
        if let index = libraryKeyIndex(key) { return MachineState(code: UInt32(index) + 1) }
        return MachineState(code: 5 + CustomStateKeys.number(of: key))
    }

    /// The state whose `libraryCode` is `code` (0–4).
    static func withLibraryCode(_ code: UInt8) -> MachineState { MachineState(code: UInt32(code)) }

    /// The key a `.view` state shows; `.none` shows none, so every view is hidden.
    public var keyOrNil: String? {
        switch code {
        case 0: return nil
        case 1...4: return libraryKey(Int(code) - 1)
        default: return CustomStateKeys.key(numbered: code - 5)
        }
    }

    /// 0 for `.none`, 1–4 for the library's keys (content, loading, error, empty), nil for a
    /// custom key: what identities write.
    var libraryCode: UInt8? { code <= 4 ? UInt8(code) : nil }

    /// As StatefulViewController's `currentState` and `lastState` read it: `.none` is
    /// content, a view is its key (so `.view("content")` reads as content too).
    public var stateName: String { keyOrNil ?? "content" }

    /// As records name it: the state name, except that a view keyed `content` is
    /// `view(content)`, so that the log does not mistake it for `.none`.
    var logName: String { code == 1 ? "view(content)" : stateName }
}

extension FieldEncoder {
    /// `state.logName` as a field: the library's states from their literals, with no
    /// `String` made and read back (most records of a transition name two states).
    /// Inlined, a custom key's apart: called, a library state's few stores cost less than
    /// the call and the registers it saved for the custom key's path.
    @inline(__always)
    func add(_ key: FieldKey, logNameOf state: MachineState) {
        switch state.libraryCode {
        case 0?: add(key, "content" as StaticString)
        case 1?: add(key, "view(content)" as StaticString)
        case 2?: add(key, "loading" as StaticString)
        case 3?: add(key, "error" as StaticString)
        case 4?: add(key, "empty" as StaticString)
        default: add(key, customLogNameOf: state)
        }
    }

    @inline(never)
    private func add(_ key: FieldKey, customLogNameOf state: MachineState) { add(key, state.logName) }

    /// The key of the view `state` shows (not `.none`) as a field: the library's keys from
    /// their literals, as `add(_:logNameOf:)` (a `String`'s bytes are found through a call).
    func add(_ key: FieldKey, viewKeyOf state: MachineState) {
        switch state.libraryCode {
        case 0?: preconditionFailure(".none shows no view")
        case let code?: add(key, libraryKey: Int(code) - 1)
        default: add(key, state.keyOrNil!)
        }
    }

    /// Library key `code`'s text (`libraryKeyIndex`) as a field, from its literal.
    func add(_ key: FieldKey, libraryKey code: Int) {
        switch code {
        case 0: add(key, "content" as StaticString)
        case 1: add(key, "loading" as StaticString)
        case 2: add(key, "error" as StaticString)
        default: add(key, "empty" as StaticString)
        }
    }
}

/// Custom state keys by number, for `MachineState`: one table for the process, only ever
/// added to, so that a number means the same text for as long as the process runs. It
/// holds the keys scripts and specs name as states (a few, in practice; a key costs about
/// 40 bytes); the numbers never reach output, which prints the text.
///
/// Its own open-addressing table over a short multiplicative hash of the key's bytes, not a
/// `Dictionary`: a script whose lines name new states makes one on every line, twice (check
/// and run), and the standard hasher made that cost a thousand instructions a key.
enum CustomStateKeys {
    private struct Table {
        var keys: [String] = []
        /// The hash of each key, by number, for growing.
        var hashes: [UInt32] = []
        /// Slot: number + 1, 0 when empty; a power of two long, at most half full.
        var slots = [UInt32](repeating: 0, count: 16)

        mutating func number(of key: String) -> UInt32 {
            let hash = CustomStateKeys.hash(key)
            let mask = slots.count - 1
            var slot = Int(hash) & mask
            while slots[slot] != 0 {
                let number = slots[slot] - 1
                if hashes[Int(number)] == hash, keys[Int(number)] == key { return number }
                slot = (slot + 1) & mask
            }
            let number = UInt32(keys.count)
            keys.append(key)
            hashes.append(hash)
            slots[slot] = number + 1
            if keys.count * 2 > slots.count { grow() }
            return number
        }

        private mutating func grow() {
            slots = [UInt32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (number, hash) in hashes.enumerated() {
                var slot = Int(hash) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(number) + 1
            }
        }
    }

    // Locked, though statectl simulates on one thread: models are values that tests and
    // library users may run on several. Only under `lock`, so unchecked for exclusivity
    // too: the dynamic check cost more than the lock.
    @exclusivity(unchecked) nonisolated(unsafe) private static var table = Table()
    private static let lock = ThreadLock()

    static func number(of key: String) -> UInt32 {
        lock.withLock { table.number(of: key) }
    }

    static func key(numbered number: UInt32) -> String {
        lock.withLock { table.keys[Int(number)] }
    }

    /// FNV-1a over the key's bytes, its high bits folded into the low ones that pick a slot.
    fileprivate static func hash(_ key: String) -> UInt32 {
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return hash ^ hash >> 16
        }
        // The bytes where they lie (a native string's are contiguous); iterating `utf8`
        // decoded each byte through the string's generic index.
        var key = key
        return key.withUTF8 { fnv($0) }
    }
}

/// A pthread lock: a spin lock where there is one (Linux), else a mutex. Not
/// `Synchronization.Mutex`: that one locks with atomics inside the standard library, which
/// ThreadSanitizer does not see, so it reported every access the mutex guards as a race;
/// pthread's locks it understands. A spin lock: it is held for an array read (now and then
/// an append), where a mutex's lock and unlock cost about 40 instructions a read, and a
/// script whose lines name custom states reads keys several times a line.
private final class ThreadLock: @unchecked Sendable {
    // Allocated once and never moved: a lock must keep its address, which a stored
    // property passed with `&` does not promise. Freed never: the one lock lives as long as
    // the process.
    #if canImport(Glibc)
    private let spinLock: UnsafeMutablePointer<pthread_spinlock_t> = {
        let lock = UnsafeMutablePointer<pthread_spinlock_t>.allocate(capacity: 1)
        pthread_spin_init(lock, Int32(PTHREAD_PROCESS_PRIVATE))
        return lock
    }()

    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_spin_lock(spinLock)
        defer { pthread_spin_unlock(spinLock) }
        return body()
    }
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
    #endif
}
