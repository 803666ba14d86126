import Testing
@testable import StatectlSimulate

/// A machine keeps whatever of its store, lists and queue does not pack in one shared
/// reference, copied when a copy changes it; copies must still behave as values.
@Suite("Machine spill")
struct MachineSpillTests {
    private func visible(_ model: StatefulViewControllerModel) -> ObservedValue? { try? model.observe("visible") }

    @Test("copies of a machine with a custom view on screen change independently")
    func copiesAreValues() throws {
        var effects = Effects(sink: RecordCollector())
        var model = StatefulViewControllerModel()
        try model.perform(.addView("spinner", .zero), effects: &effects)
        try model.perform(.transition(to: .view("spinner"), animated: false, completion: false), effects: &effects)
        model.endTurn(effects: &effects)
        #expect(model.machine.spill?.container != nil, "a custom key's view on screen spills the container")

        var copy = model
        try copy.perform(.transition(to: .view("loading"), animated: false, completion: false), effects: &effects)
        try copy.perform(.transition(to: .view("spinner"), animated: true, completion: false), effects: &effects)
        copy.endTurn(effects: &effects)
        try copy.perform(.removeView("spinner"), effects: &effects)

        #expect(visible(model) == .names(["spinner"]))
        #expect(visible(copy) == .names(["loading", "spinner"]), "spinner fades in again; loading goes at its completion")
        #expect(model.machine.viewStore["spinner"] != nil)
        #expect(copy.machine.viewStore["spinner"] == nil)

        // The original goes on as if the copy had never been made.
        try model.perform(.transition(to: .none, animated: false, completion: false), effects: &effects)
        model.endTurn(effects: &effects)
        #expect(visible(model) == .names([]))
        #expect(copy.machine.pending == 0 && copy.machine.inFlight != nil)
        copy.reachDeadline(effects: &effects)
        #expect(visible(copy) == .names(["spinner"]))
    }

    @Test("a machine whose spilled parts all pack again holds no spill")
    func packsAgain() throws {
        var effects = Effects(sink: RecordCollector())
        var model = StatefulViewControllerModel()
        for index in 0..<14 {  // more requests than a packed queue holds
            try model.perform(.startLoading(animated: true, completion: false), effects: &effects)
            _ = index
        }
        #expect(model.machine.spill?.queue != nil)
        model.endTurn(effects: &effects)
        while model.nextDeadline != nil { model.reachDeadline(effects: &effects) }
        try model.perform(.startLoading(animated: true, completion: false), effects: &effects)
        #expect(model.machine.spill == nil, "emptied, the queue packs again and the spill goes")
    }
}
