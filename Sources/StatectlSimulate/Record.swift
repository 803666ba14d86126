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
}

/// A named field of a record; records keep their fields in a fixed order so output is stable.
public struct Field: Hashable, Sendable {
    public var key: String
    public var value: FieldValue

    @inlinable
    public init(_ key: String, _ value: FieldValue) {
        self.key = key
        self.value = value
    }
}

/// One thing that happened in a simulation, at a virtual time and (when a script line
/// was being run) that line. Renderers turn records into the text log or JSON Lines.
public struct Record: Hashable, Sendable {
    /// Milliseconds on the virtual clock.
    public var time: Int64
    /// The script line whose turn this happened in, or nil once the script has ended.
    public var line: Int?
    /// What happened, such as `queued` or `completed`; the JSON `kind`.
    public var kind: RecordKind
    public var fields: [Field]

    @inlinable
    public init(time: Int64, line: Int?, kind: RecordKind, fields: [Field] = []) {
        self.time = time
        self.line = line
        self.kind = kind
        self.fields = fields
    }

    @inlinable
    public subscript(key: String) -> FieldValue? {
        // Lengths first: most keys differ in length, and comparing those is far cheaper
        // than a full string comparison on a log's hot path.
        let length = key.utf8.count
        for index in fields.indices where fields[index].key.utf8.count == length && fields[index].key == key {
            return fields[index].value
        }
        return nil
    }
}

/// Where records go as they happen, so a run never holds its whole log.
public protocol RecordSink: AnyObject {
    func write(_ record: Record)
}

/// Collects records in memory; for tests and for `graph --trace`.
public final class RecordCollector: RecordSink {
    public private(set) var records: [Record] = []
    public init() {}
    public func write(_ record: Record) { records.append(record) }
}
