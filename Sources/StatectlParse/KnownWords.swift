/// The long words (over 15 bytes) a model's scripts are made of, statement names and
/// properties such as `transitionViewStates` and `unobtrusiveErrors`, each a `String` made
/// once, for the parser to hand out when an identifier spells one: a `String` of more than
/// 15 bytes made from a line's bytes is validated and allocated (and later freed), about
/// 400 instructions, where finding it here takes a few dozen. A word missing here is made
/// from its bytes as before: the table changes what costs what, never what a script means.
/// Each model names its words (`SimulationModel.vocabularyWords`); a parser made before the
/// model is known has none.
///
/// Only long words: a `String` of up to 15 bytes is held in the value itself and made in
/// about 90 instructions, which looking it up here did not beat. A word is made once, when
/// the table is, and handed out as that one string; a cache of strings made from scripts'
/// bytes as they came paid for the look-up and a retain for every hit, and did not pay.
public struct KnownWords: Sendable {
    /// The table, behind one reference: the parser's cursor holds it, and its four arrays
    /// held there were loaded (and kept on the stack) for every name read, long or not.
    private let table: Table

    private final class Table: Sendable {
        let words: [String]
        /// Each word's bytes, end to end, and where each starts (one more: the end).
        let spellings: [UInt8]
        let starts: [Int]
        /// `words`' indices plus one by a hash of a word's length and last byte; 0 for an
        /// empty slot. Open addressing, probing the next slot on a collision.
        let slots: [UInt8]

        init(words: [String], spellings: [UInt8], starts: [Int], slots: [UInt8]) {
            self.words = words
            self.spellings = spellings
            self.starts = starts
            self.slots = slots
        }
    }

    private static let slotCount = 64

    /// No words: every identifier is made from its bytes.
    public static let none = KnownWords([])

    /// The words of `vocabulary` longer than 15 bytes, each once; at most 31 of them (the
    /// rest are made from their bytes as any other word).
    public init(_ vocabulary: [String]) {
        var words: [String] = []
        for word in vocabulary where word.utf8.count > 15 && !words.contains(word) && words.count < Self.slotCount / 2 - 1 {
            words.append(word)
        }
        var spellings: [UInt8] = [], starts: [Int] = []
        var slots = [UInt8](repeating: 0, count: Self.slotCount)
        for (index, word) in words.enumerated() {
            starts.append(spellings.count)
            spellings.append(contentsOf: word.utf8)
            var slot = Self.hash(count: word.utf8.count, last: spellings[spellings.count - 1])
            while slots[slot] != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = UInt8(index + 1)
        }
        starts.append(spellings.count)
        table = Table(words: words, spellings: spellings, starts: starts, slots: slots)
    }

    /// The known word `bytes` spell, if any.
    @inline(__always)
    func word(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        bytes.count > 15 ? longWord(bytes) : nil
    }

    @inline(__always)
    private static func hash(count: Int, last: UInt8) -> Int { (count &* 5 &+ Int(last)) & (slotCount - 1) }

    /// `bytes` is more than 15 bytes long.
    private func longWord(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let count = bytes.count
        let table = self.table
        var slot = Self.hash(count: count, last: bytes[count - 1])
        while true {
            let entry = Int(table.slots[slot])
            if entry == 0 { return nil }
            let start = table.starts[entry - 1]
            if table.starts[entry] - start == count, spells(bytes, at: start) { return table.words[entry - 1] }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// Whether the known spelling at `start` is `bytes` (of its length).
    private func spells(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        table.spellings.withUnsafeBytes { known in
            guard let word = UnsafeRawPointer(bytes.baseAddress), let base = known.baseAddress else { return false }
            return SWAR.equal(word, base + start, count: bytes.count)
        }
    }
}
