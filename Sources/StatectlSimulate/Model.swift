import StatectlParse

/// A value read off a model for `expect` and the final record.
public enum ObservedValue: Hashable, Sendable {
    case name(String)
    case names([String])
    case count(Int64)
    case flag(Bool)

    /// As written in a script: `loading`, `[empty, loading]`, `2`, `true`.
    public var text: String {
        switch self {
        case .name(let name): return name
        case .names(let names): return "[" + names.joined(separator: ", ") + "]"
        case .count(let count): return String(count)
        case .flag(let flag): return flag ? "true" : "false"
        }
    }
}

/// A property that `expect` can read, and the kind of value it holds.
public struct PropertySpec: Sendable {
    public enum Kind: Sendable {
        /// A state name; the value must be a known state.
        case state
        /// A known state, or `none`.
        case optionalState
        /// A list of state names, compared sorted.
        case states
        /// A list of names known in `namespace` (such as "child"), compared in order.
        case orderedNames(namespace: String)
        /// One name known in `namespace` (such as "background").
        case name(namespace: String)
        case count
        case flag
    }

    /// Not settable: `nameLength` is its length.
    public let name: String
    /// The name's length in bytes, read once here rather than for every spec a name is
    /// looked up among (compared by length first, as `ParameterSpec.labelLength`).
    let nameLength: Int
    public var kind: Kind
    public var summary: String
    /// The versions of a versioned model that have this property; nil: every version.
    public var versions: [String]?

    public init(_ name: String, _ kind: Kind, _ summary: String, versions: [String]? = nil) {
        self.name = name
        nameLength = name.utf8.count
        self.kind = kind
        self.summary = summary
        self.versions = versions
    }

    /// Whether values are compared as sorted lists.
    var isSorted: Bool {
        if case .states = kind { return true }
        return false
    }
}

/// The names a script may mention, by namespace: the model's own states and whatever
/// the script declared (states, children, view keys) before the line being checked.
///
/// A script may declare hundreds of thousands of names, so nothing here walks them all
/// per declaration or per diagnostic: each namespace keeps its names in order
/// (`OrderedNames`), suggestions look only at the names around the written one's place in
/// that order, and listings stop at a few names.
public struct KnownNames: Sendable {
    public static let states = "state"
    /// Most names a note lists before saying how many more there are.
    public static let listedNames = 20
    /// Names either side of a word's place in order that a suggestion compares.
    static let suggestionNeighbours = 1_024

    private struct Namespace: Sendable {
        var members: Set<String> = []
        var ordered = OrderedNames()
        /// Names inserted lately, each in the slot its last byte picks: a script names the
        /// same few view keys line after line, and finding one here is a comparison or two
        /// where `members.insert` hashed it (about 400 instructions).
        private var recent = [String?](repeating: nil, count: 8)

        /// Whether the name is new.
        @discardableResult
        mutating func insert(_ name: String) -> Bool {
            let slot = Int(name.utf8.last ?? 0) & (recent.count - 1)
            if recent[slot] == name { return false }
            recent[slot] = name
            guard members.insert(name).inserted else { return false }
            ordered.insert(name)
            return true
        }
    }

    /// The states (and view keys), which nearly every check asks about: kept apart from the
    /// other namespaces so that asking hashes only the name, not the namespace's too, and
    /// copies no namespace out of a dictionary.
    private var stateNames = Namespace()
    private var sets: [String: Namespace]
    /// Counts the names ever added: equal versions mean the same names.
    public private(set) var version = 0

    public init(_ builtinStates: [String], namespaces: [String: [String]] = [:]) {
        sets = [:]
        for (name, members) in namespaces {
            for member in members {
                if name == Self.states { stateNames.insert(member) } else { sets[name, default: Namespace()].insert(member) }
            }
        }
        for state in builtinStates { stateNames.insert(state) }
    }

    public mutating func insert(_ name: String, in namespace: String = states) {
        let added = namespace == Self.states ? stateNames.insert(name) : sets[namespace, default: Namespace()].insert(name)
        if added { version += 1 }
    }

    public func contains(_ name: String, in namespace: String = states) -> Bool {
        if namespace == Self.states { return stateNames.members.contains(name) }
        return sets[namespace]?.members.contains(name) ?? false
    }

    private func names(in namespace: String) -> Namespace? {
        namespace == Self.states ? stateNames : sets[namespace]
    }

    /// The names of a namespace, sorted. Linear in the names: notes use `listing(in:)`.
    public func sorted(in namespace: String = states) -> [String] {
        names(in: namespace)?.ordered.all ?? []
    }

    /// The first `listedNames` names of a namespace in order, joined with ", ", and
    /// "and N more" past them; nil when the namespace is empty.
    public func listing(in namespace: String = states) -> String? {
        guard let names = names(in: namespace), !names.members.isEmpty else { return nil }
        let first = names.ordered.prefix(Self.listedNames)
        let rest = names.members.count - first.count
        return first.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    /// "did you mean …" for a name not known, if one is close: compared with the names
    /// that sort near it (typos mostly keep the start of a word).
    public func suggestion(for name: String, in namespace: String = states) -> String? {
        guard let names = names(in: namespace), !names.members.isEmpty else { return nil }
        return Suggestion.nearest(to: name, in: names.ordered.neighbours(of: name, radius: Self.suggestionNeighbours))
    }
}

/// Strings in order, in blocks of a few hundred: an insertion shifts one block, not every
/// name, so declaring n names costs about n × √n moves at worst rather than n².
struct OrderedNames: Sendable {
    static let blockSize = 512
    private var blocks: [[String]] = []

    mutating func insert(_ name: String) {
        guard !blocks.isEmpty else { blocks = [[name]]; return }
        let block = blockIndex(for: name)
        blocks[block].insert(name, at: Self.insertionIndex(of: name, in: blocks[block]))
        if blocks[block].count >= 2 * Self.blockSize {
            let upper = Array(blocks[block][Self.blockSize...])
            blocks[block].removeSubrange(Self.blockSize...)
            blocks.insert(upper, at: block + 1)
        }
    }

    var all: [String] { blocks.flatMap { $0 } }

    func prefix(_ count: Int) -> [String] {
        var result: [String] = []
        for block in blocks where result.count < count { result += block.prefix(count - result.count) }
        return result
    }

    /// Up to `radius` names either side of where `name` goes, in order.
    func neighbours(of name: String, radius: Int) -> [String] {
        guard !blocks.isEmpty else { return [] }
        let block = blockIndex(for: name)
        let index = Self.insertionIndex(of: name, in: blocks[block])
        var before: [String] = []
        var b = block, i = index
        while before.count < radius {
            if i == 0 {
                guard b > 0 else { break }
                b -= 1
                i = blocks[b].count
                continue
            }
            i -= 1
            before.append(blocks[b][i])
        }
        var after: [String] = []
        b = block
        i = index
        while after.count < radius {
            if i == blocks[b].count {
                guard b + 1 < blocks.count else { break }
                b += 1
                i = 0
                continue
            }
            after.append(blocks[b][i])
            i += 1
        }
        return before.reversed() + after
    }

    /// The first block whose last name is not before `name`, or the last block.
    private func blockIndex(for name: String) -> Int {
        var low = 0, high = blocks.count - 1
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle].last! < name { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func insertionIndex(of name: String, in block: [String]) -> Int {
        var low = 0, high = block.count
        while low < high {
            let middle = (low + high) / 2
            if block[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// What the original library would have crashed on (a force unwrap, a `fatalError`);
/// statectl reports it at the line and stops the simulation instead.
public struct RuntimeError: Error, Sendable {
    public var message: String
    public var notes: [String]

    public init(_ message: String, notes: [String] = []) {
        self.message = message
        self.notes = notes
    }
}

/// Where a model step reports what it did: each record goes straight to the sink, stamped
/// with the simulator's time and line.
///
/// The simulator owns the clock; a model reads `now` and adds records, nothing more.
///
/// The `record` methods are mutating only to read the effects in place: non-mutating, they
/// loaded the whole value before testing whether the sink takes the kind, at every record
/// explore's models make (it takes one kind). (Not the one for a `wait`'s statement: in
/// place, explore's run of a line cost more.)
public struct Effects {
    public internal(set) var now: Int64 = 0
    public internal(set) var line: Int? {
        get { lineNumber == RecordView.none ? nil : lineNumber }
        set { lineNumber = newValue ?? RecordView.none }
    }
    /// `line` as records carry it (`RecordView.lineNumber`): stored so, it is copied into
    /// each record as it is.
    private var lineNumber = RecordView.none
    private let sink: RecordSink
    private let encoder = FieldEncoder()
    /// The kinds the sink does not take (`RecordSink.onlyKind`), by `RecordKind.bit`: every
    /// record tests its kind, and the optional kind took two compares.
    private let skippedKinds: UInt32
    /// The sink's tally (`RecordSink.tally`), reached without retaining it: a reference
    /// stored here was retained and released wherever the effects were copied. The sink,
    /// which `sink` holds, owns it.
    private let tally: UnsafeMutablePointer<NumberedRecordTally.Numbers>?

    init(sink: RecordSink) {
        self.sink = sink
        skippedKinds = sink.onlyKind.map { ~$0.bit } ?? 0
        tally = sink.tally?.numbers
    }

    /// A record whose fields `fill` adds, in order: `{ $0.add(.job, 2); $0.add(.target, "loading") }`.
    @inline(__always)
    public mutating func record(_ kind: RecordKind, _ fill: (FieldEncoder) -> Void) {
        if skippedKinds & kind.bit != 0 { return }
        encoder.removeAll()
        fill(encoder)
        sink.write(RecordView(time: now, lineNumber: lineNumber, kind: kind, fields: EncodedFields(encoder.bytes)))
    }

    /// A record whose fields were encoded once, ahead of time (a statement's call), handed
    /// to the sink where they lie: a long call text is not copied again for every record.
    @inline(__always)
    public func record(_ kind: RecordKind, encoded fields: [UInt8], fieldsKey: Int? = nil) {
        if skippedKinds & kind.bit != 0 { return }
        fields.withUnsafeBytes {
            sink.write(RecordView(time: now, lineNumber: lineNumber, kind: kind, fields: EncodedFields($0),
                                  fieldsKeyNumber: fieldsKey ?? RecordView.none))
        }
    }

    /// As `record(_:encoded:fieldsKey:)`, the fields lying where their owner keeps them (a
    /// compiled command's statement record). The fields are read only when the sink takes the
    /// kind: a statement's are its step's, and read first, for every statement explore runs,
    /// they cost as much as the test. A numbered record goes to the sink's tally when it knows
    /// the number, else to the sink in parts (`RecordSink.write(_:fields:fieldsKey:time:lineNumber:)`).
    @inline(__always)
    public mutating func record(_ kind: RecordKind, encoded fields: @autoclosure () -> UnsafeRawBufferPointer, fieldsKey: Int? = nil) {
        if skippedKinds & kind.bit != 0 { return }
        if let fieldsKey {
            if let tally, tally.pointee.take(key: fieldsKey) { return }
            sink.write(kind, fields: fields(), fieldsKey: fieldsKey, time: now, lineNumber: lineNumber)
        } else {
            sink.write(RecordView(time: now, lineNumber: lineNumber, kind: kind, fields: EncodedFields(fields())))
        }
    }

    /// A record of `fields`, which are made only if the sink takes this kind: explore's
    /// takes decisions only, and the other records' lists were allocated for nothing.
    public mutating func record(_ kind: RecordKind, _ fields: @autoclosure () -> [Field] = []) {
        record(kind) { encoder in
            for field in fields() { encoder.add(field) }
        }
    }
}

extension SimulationModel {
    public static var builtinNamespaces: [String: [String]] { [:] }
    public static var vocabularyWords: [String] { [] }
    public static var versions: [String] { [] }
    public init(version: String) { self.init() }
    public func observe(propertyAt index: Int) throws(RuntimeError) -> ObservedValue { try observe(Self.properties[index].name) }
    public func compare(propertyAt index: Int, with value: ObservedValue) -> Bool? { nil }
    public static func writeStatementRecord(_ command: Command, into text: inout CallText) {
        text.append(text: describe(command))
    }

    /// The `statement` record's field for the command, in a text of its own.
    public static func statementRecord(_ command: Command) -> CallText {
        var text = CallText()
        writeStatementRecord(command, into: &text)
        return text
    }
}

/// A simulated library: its vocabulary (how statements become commands), its state and
/// its transitions. Values only: no clock, no I/O. The simulator drives it in turns:
/// commands during a turn, `endTurn` when the turn's statements are done, and
/// `reachDeadline` whenever the virtual clock reaches `nextDeadline`.
public protocol SimulationModel {
    associatedtype Command

    /// The name a script selects it by: `model StatefulViewController`.
    static var name: String { get }
    /// Properties `expect` can read.
    static var properties: [PropertySpec] { get }
    /// State names every script of this model may use.
    static var builtinStates: [String] { get }
    /// Other names every script may use, by namespace (such as request kinds).
    static var builtinNamespaces: [String: [String]] { get }
    /// The decision logic the model walks, for `graph` to draw.
    static var decisionTree: DecisionTree { get }
    /// The words its scripts are made of (statement names, settings, properties): the
    /// parser makes the long ones once (`KnownWords`), not once a line. None by default.
    static var vocabularyWords: [String] { get }
    /// The releases of the library the model can be, as a script names them after `@`
    /// (`model StatefulViewController@3.0.1`); the first is the default. Empty for a model
    /// with one behaviour.
    static var versions: [String] { get }

    /// Turns a call or assignment into a command, or says what is wrong with it.
    static func compile(_ statement: Statement, names: inout KnownNames) -> Checked<Command>
    /// The command as the library call it stands for, with defaults filled in.
    static func describe(_ command: Command) -> String
    /// Writes the `statement` record's field for the command: `describe`'s text, written as
    /// a call. A model may write it without making the `String` (it is made for every line a
    /// run compiles).
    static func writeStatementRecord(_ command: Command, into text: inout CallText)

    /// The model as the default version behaves.
    init()
    /// The model as `version`, one of `versions`, behaves.
    init(version: String)
    mutating func perform(_ command: Command, effects: inout Effects) throws(RuntimeError)
    mutating func endTurn(effects: inout Effects)
    /// When the earliest scheduled completion is due, if any.
    var nextDeadline: Int64? { get }
    mutating func reachDeadline(effects: inout Effects)
    /// Reads a property for `expect`; throws where the library would crash reading it.
    func observe(_ property: String) throws(RuntimeError) -> ObservedValue
    /// `observe` of `properties[index]`: an `expect` looks its property's name up once, when
    /// compiled. By default, read by the name.
    func observe(propertyAt index: Int) throws(RuntimeError) -> ObservedValue
    /// Whether `observe(propertyAt: index)` returns `value`, told without making the value
    /// where the model keeps it otherwise (a list); nil, by default, when the model cannot
    /// tell so, or when reading the property throws: `observe` then reads it.
    func compare(propertyAt index: Int, with value: ObservedValue) -> Bool?
    /// The fields of the last record of a run.
    func finalFields() -> [Field]
}
