/// A value in a record's field: what the text log and JSON Lines print.
public enum FieldValue: Hashable, Sendable {
    case int(Int64)
    case bool(Bool)
    case string(String)
    case strings([String])
    case ints([Int64])
    case null
}

/// What a record says happened. One shared list, so renderers dispatch on a value rather
/// than on text; a new model adds the kinds it needs here.
public enum RecordKind: String, Hashable, Sendable, CaseIterable {
    // Every model
    case statement, expect, runtimeError, final
    /// A walk through a model's decision tree (its `edges` field feeds `graph --trace`).
    case decision
    // StatefulViewController
    case unobtrusiveError, queued, began, dropped, completed
    case containerAdded, containerRemoved, viewAdded, viewRemoved, noView
    // StateViewController: the library's callbacks, and UIKit containment calls it makes
    case callback, containment
    // JMStatefulTableViewController: delegate requests and what happens to the table
    case request, table, tableEffects
    /// An event the library let pass without effect, and why (a gated gesture).
    case ignored

    /// The kind's bit in a set of kinds (`Effects` tests each record's kind against the kinds
    /// its sink skips): a constant where the kind is, so the test is one instruction.
    var bit: UInt32 {
        switch self {
        case .statement: return 1 << 0
        case .expect: return 1 << 1
        case .runtimeError: return 1 << 2
        case .final: return 1 << 3
        case .decision: return 1 << 4
        case .unobtrusiveError: return 1 << 5
        case .queued: return 1 << 6
        case .began: return 1 << 7
        case .dropped: return 1 << 8
        case .completed: return 1 << 9
        case .containerAdded: return 1 << 10
        case .containerRemoved: return 1 << 11
        case .viewAdded: return 1 << 12
        case .viewRemoved: return 1 << 13
        case .noView: return 1 << 14
        case .callback: return 1 << 15
        case .containment: return 1 << 16
        case .request: return 1 << 17
        case .table: return 1 << 18
        case .tableEffects: return 1 << 19
        case .ignored: return 1 << 20
        }
    }
}

/// The name of a record's field, and its JSON key. One shared list, like `RecordKind`, so
/// finding a field compares a byte rather than a string; a new model adds its keys here.
public enum FieldKey: String, Hashable, Sendable, CaseIterable {
    // Every model
    case call, property, comparison, expected, actual, passed, message
    case entry, path, edges, outcome
    case state, pending, name, child, animated
    /// The final record's model and version: `StatefulViewController@3.0.1`.
    case model
    // StatefulViewController
    case error, count, job, target, from, to, until, completion, completions
    case view, frame, lastState, visible, dropped, unobtrusiveErrors, containerShown
    // StateViewController
    case isAppearing, transitioning, children, hasDeterminedState, pendingAnimated
    // JMStatefulTableViewController
    case change, value, backgroundView, separators, scrollEnabled, headerFooterHidden
    case infiniteScrollingStopped, infiniteScrolling, background, contentOffset, reason
}

/// A named field of a record; records keep their fields in a fixed order so output is stable.
public struct Field: Hashable, Sendable {
    public var key: FieldKey
    public var value: FieldValue

    public init(_ key: FieldKey, _ value: FieldValue) {
        self.key = key
        self.value = value
    }
}

/// One thing that happened in a simulation, at a virtual time and (when a script line
/// was being run) that line, as values: what tests and `graph --trace` keep. A simulation
/// hands records to its sink as `RecordView`s; `Record(view)` makes one of these.
public struct Record: Hashable, Sendable {
    /// Milliseconds on the virtual clock.
    public var time: Int64
    /// The script line whose turn this happened in, or nil once the script has ended.
    public var line: Int?
    /// What happened, such as `queued` or `completed`; the JSON `kind`.
    public var kind: RecordKind
    public var fields: [Field]

    public init(time: Int64, line: Int?, kind: RecordKind, fields: [Field] = []) {
        self.time = time
        self.line = line
        self.kind = kind
        self.fields = fields
    }

    public subscript(key: FieldKey) -> FieldValue? {
        fields.first { $0.key == key }?.value
    }
}

/// Where records go as they happen, so a run never holds its whole log.
public protocol RecordSink: AnyObject {
    /// `record` points into the simulator's buffer: it is valid only during the call.
    func write(_ record: RecordView)
    /// `write` of a record whose fields the model numbered (`RecordView.fieldsKey`), handed
    /// over in parts: the default makes the view and writes it. Explore's sink reads the
    /// number alone, and the view made for it cost a decision as much as the sink's work.
    func write(_ kind: RecordKind, fields: UnsafeRawBufferPointer, fieldsKey: Int, time: Int64, lineNumber: Int)
    /// The one kind of record the sink reads, if it reads only one (explore reads only
    /// decisions): the simulator then never encodes the others. Nil: every kind.
    var onlyKind: RecordKind? { get }
    /// Where the simulator takes a numbered record by its key alone, once the sink has
    /// numbered the key, instead of writing it (explore's sink); nil: every record is written.
    var tally: NumberedRecordTally? { get }
}

extension RecordSink {
    public var onlyKind: RecordKind? { nil }
    public var tally: NumberedRecordTally? { nil }

    public func write(_ kind: RecordKind, fields: UnsafeRawBufferPointer, fieldsKey: Int, time: Int64, lineNumber: Int) {
        write(RecordView(time: time, lineNumber: lineNumber, kind: kind, fields: EncodedFields(fields), fieldsKeyNumber: fieldsKey))
    }
}

/// Collects records in memory; for tests and for `graph --trace`.
public final class RecordCollector: RecordSink {
    public private(set) var records: [Record] = []
    public init() {}
    public func write(_ record: RecordView) { records.append(Record(record)) }
}
