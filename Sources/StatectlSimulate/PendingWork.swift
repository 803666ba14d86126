import StatectlParse

/// When a failed `expect` would hold once the model's pending work has run: after the
/// current turn ends (a queued transition starts), or at a later deadline (an animation
/// or a request in flight completes).
public enum PendingWorkOutcome: Equatable, Sendable {
    case afterTurn
    case at(milliseconds: Int64)
    /// Only once the script answers what the model waits for (a request's `succeed`, a
    /// `didAppear`), and then at `milliseconds` if work is still in flight.
    case answered(statement: String, at: Int64?)
}

/// A model whose pending work waits for the script rather than the clock (a delegate
/// request's success, an appearance callback). It names the statements that would answer.
protocol AnswersPendingWork: SimulationModel {
    /// Each statement that would answer pending work, as written in a script, with its command.
    var pendingAnswers: [(statement: String, command: Command)] { get }
}

extension SimulationModel {
    /// Runs a copy of the model forward on a sink that keeps nothing, the way the
    /// simulator would if the script waited, and says when `holds` first becomes true.
    /// Only a failed expectation asks, so a passing script never pays for it.
    func whenPendingWorkHolds(now: Int64, limit: Int = 256,
                              _ holds: (Self) throws(RuntimeError) -> Bool) -> PendingWorkOutcome? {
        var future = self
        var effects = Effects(sink: DiscardedRecords())
        effects.now = now
        future.endTurn(effects: &effects)
        if (try? holds(future)) ?? false { return .afterTurn }
        if let time = future.runDeadlines(effects: &effects, limit: limit, holds) { return .at(milliseconds: time) }
        // Work that waits for the script: try each answer on the model as this turn left it.
        guard let answering = self as? any AnswersPendingWork else { return nil }
        for answer in answering.erasedAnswers() {
            guard let command = answer.command as? Command else { continue }
            var answered = self
            var effects = Effects(sink: DiscardedRecords())
            effects.now = now
            answered.endTurn(effects: &effects)
            guard (try? answered.perform(command, effects: &effects)) != nil else { continue }
            answered.endTurn(effects: &effects)
            if (try? holds(answered)) ?? false { return .answered(statement: answer.statement, at: nil) }
            if let time = answered.runDeadlines(effects: &effects, limit: limit, holds) {
                return .answered(statement: answer.statement, at: time)
            }
        }
        return nil
    }

    /// Reaches each deadline in turn; the time at which `holds` first becomes true. Each
    /// deadline completes something and a model has finitely many pending steps; the limit
    /// guards against one that reschedules forever.
    private mutating func runDeadlines(effects: inout Effects, limit: Int, _ holds: (Self) throws(RuntimeError) -> Bool) -> Int64? {
        for _ in 0..<limit {
            guard let deadline = nextDeadline else { return nil }
            effects.now = max(effects.now, deadline)
            reachDeadline(effects: &effects)
            if (try? holds(self)) ?? false { return effects.now }
        }
        return nil
    }
}

extension ExpectationParts {
    /// The note telling the user that time, not the model, is why the expectation failed,
    /// and what to write instead.
    func pendingWorkNote<M: SimulationModel>(_ outcome: PendingWorkOutcome, model: M.Type, now: Int64) -> DiagnosticNote {
        let isState = M.properties.first { $0.name == property }.map { spec -> Bool in
            switch spec.kind {
            case .state, .optionalState: return true
            default: return false
            }
        } ?? false
        let becomes = comparison == .equal ? "\(property) is \(expected.text)" : "\(property) is no longer \(expected.text)"
        switch outcome {
        case .afterTurn:
            if isState, comparison == .equal {
                return DiagnosticNote("the transition to \(expected.text) is queued and starts when this turn ends: "
                                      + "put the expect on the next line")
            }
            return DiagnosticNote("\(becomes) once this turn ends and its queued work runs: put the expect on the next line")
        case .at(let time):
            return DiagnosticNote("work in flight until \(time)ms makes it hold (\(becomes) then): "
                                  + "add `wait \(time - now)ms` before the expect")
        case .answered(let statement, nil):
            return DiagnosticNote("the model is waiting for the script: \(becomes) once `\(statement)` runs; put it before the expect")
        case .answered(let statement, let time?):
            return DiagnosticNote("the model is waiting for the script: \(becomes) after `\(statement)` and work in flight "
                                  + "until \(time)ms; add `\(statement)` then `wait \(time - now)ms` before the expect")
        }
    }
}

extension AnswersPendingWork {
    /// The answers with their commands type-erased, for a caller holding `any AnswersPendingWork`.
    func erasedAnswers() -> [(statement: String, command: Any)] {
        pendingAnswers.map { ($0.statement, $0.command as Any) }
    }
}

/// Where the forward-running copy's records go: nowhere.
final class DiscardedRecords: RecordSink {
    func write(_ record: RecordView) {}
}
