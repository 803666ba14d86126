import Testing
import StatectlParse
@testable import StatectlSimulate

private let v301 = "model StatefulViewController@3.0.1\n"
private let master = "model StatefulViewController@master\n"

@Suite("StatefulViewController versions in the catalog")
struct VersionCatalogTests {
    @Test("the final record names the model with its version; master is the default", arguments: [
        ("", "StatefulViewController@master"),
        ("model StatefulViewController\n", "StatefulViewController@master"),
        (master, "StatefulViewController@master"),
        (v301, "StatefulViewController@3.0.1"),
        ("model StateViewController\n", "StateViewController"),
        ("model JMStatefulTableViewController\n", "JMStatefulTableViewController"),
    ])
    func finalRecordNamesModel(_ header: String, name: String) {
        let run = simulate(header)
        #expect(run.checkErrors.isEmpty)
        #expect(run.final.fields.first == Field(.model, .string(name)))
    }

    @Test("an unknown version is an error at the version, listing the known ones")
    func unknownVersion() {
        let run = simulate("model StatefulViewController@3.0\nstart")
        #expect(run.checkErrors.map(\.id) == ["unknown-version"])
        #expect(run.checkErrors.first?.span == SourceSpan(line: 1, bytes: 29..<32))
        #expect(run.checkErrors.first?.message == "unknown version '3.0' of StatefulViewController")
        #expect(run.checkErrors.first?.notes.map(\.message) == ["known versions: master (the default), 3.0.1"])
    }

    @Test("a model without versions refuses one, at the version")
    func unversionedModel() {
        let run = simulate("model StateViewController@1.0")
        #expect(run.checkErrors.map(\.id) == ["unknown-version"])
        #expect(run.checkErrors.first?.message == "StateViewController has no versions to choose from")
    }

    @Test("--model's spelling: a name, or a name and a version after '@'")
    func spelled() throws {
        let choice = try ModelCatalog.choice(spelled: "StatefulViewController@3.0.1").get()
        #expect(choice.displayName == "StatefulViewController@3.0.1")
        #expect(try ModelCatalog.choice(spelled: "StatefulViewController").get().version == "master")
        #expect(throws: ModelLookupError.self) { try ModelCatalog.choice(spelled: "StatefulViewController@").get() }
        #expect(throws: ModelLookupError.self) { try ModelCatalog.choice(spelled: "Nope@master").get() }
    }

    @Test("containerShown is a property of master only: on 3.0.1 an expect on it names the version")
    func containerShownOnlyOnMaster() {
        let run = simulate(v301 + "expect containerShown == false")
        #expect(run.checkErrors.map(\.id) == ["property-not-in-version"])
        #expect(run.checkErrors.first?.message == "'containerShown' is not a property of StatefulViewController@3.0.1")
        #expect(run.checkErrors.first?.notes.map(\.message) == ["only StatefulViewController@master has it"])
        let onMaster = simulate(master + "hasContent = false\nstart\nexpect containerShown == true\ntransition(to: none, animated: false)\nexpect containerShown == false")
        #expect(onMaster.checkErrors.isEmpty)
        #expect(onMaster.problems.isEmpty)
    }
}

@Suite("StatefulViewController master vs 3.0.1")
struct VersionBehaviourTests {
    /// Loading on screen; an animated switch to empty starts; while it runs, the loading
    /// view is removed from the store (or replaced).
    private static func changeDuringAnimation(_ header: String, _ change: String) -> Simulated {
        simulate(header + """
        hasContent = false
        start
        end
        \(change)
        wait 300ms
        """)
    }

    @Test("master: a job's completion removes the views of the store as it was when the job started")
    func masterSnapshot() {
        let removed = Self.changeDuringAnimation(master, "removeView(loading); expect visible == [empty, loading]\nexpect visible == [empty, loading]")
        #expect(removed.problems.isEmpty)
        #expect(removed.final[.visible] == .strings(["empty"]))
        #expect(removed.records(.viewRemoved).map { $0[.view] } == [.string("loading")])
        let replaced = Self.changeDuringAnimation(master, "addView(loading)")
        #expect(replaced.final[.visible] == .strings(["empty"]))
    }

    @Test("3.0.1: a job's completion reads the view store live")
    func liveStore() {
        let removed = Self.changeDuringAnimation(v301, "removeView(loading)")
        #expect(removed.final[.visible] == .strings(["empty", "loading"]))
        #expect(removed.records(.viewRemoved).isEmpty)
        let replaced = Self.changeDuringAnimation(v301, "addView(loading)")
        #expect(replaced.final[.visible] == .strings(["empty", "loading"]), "the old loading view is no longer in the store")
    }

    @Test("master hides: views removed, then the container, then the completion")
    func masterHideOrder() {
        let run = simulate(master + "hasContent = false\nstart\ntransition(to: none)")
        let kinds = run.records.map(\.kind).filter { [.viewRemoved, .containerRemoved, .completed].contains($0) }
        #expect(kinds == [.completed, .viewRemoved, .containerRemoved, .completed])
    }

    @Test("3.0.1 has no container: placeholders go straight into the backing view")
    func noContainer() {
        let run = simulate(v301 + "hasContent = false\nstart\nend(error)\nwait 300ms\ntransition(to: none)\nwait 300ms\nexpect visible == []")
        #expect(run.problems.isEmpty)
        #expect(run.records(.containerAdded).isEmpty)
        #expect(run.records(.containerRemoved).isEmpty)
        #expect(run.records(.viewAdded).count == 2)
        #expect(run.records(.viewRemoved).count == 2)
    }

    @Test("a view removed from the store while shown: on master it leaves with the container and comes back with it")
    func lingeringOnMaster() {
        let run = simulate(master + """
        hasContent = false
        start
        removeView(loading)
        transition(to: none, animated: false)
        expect visible == []
        end(animated: false)
        expect visible == [empty, loading]
        """)
        #expect(run.problems.isEmpty)
    }

    @Test("a view removed from the store while shown: on 3.0.1 it stays on screen for good")
    func lingeringOn301() {
        let run = simulate(v301 + """
        hasContent = false
        start
        removeView(loading)
        transition(to: none, animated: false)
        expect visible == [loading]
        """)
        #expect(run.problems.isEmpty)
    }
}

@Suite("StatefulViewController inputs the Swift API accepts")
struct SwiftInputTests {
    @Test("a view keyed content is a view, not .none: shown, not dropped, and read as content")
    func contentKey() {
        let run = simulate("""
        addView(content)
        transition(to: content, animated: false)
        expect state == content
        expect visible == [content]
        setup
        """)
        #expect(run.problems.isEmpty, "setup reads lastState .view(\"content\") as content: no crash")
        // setup then asks for .none, which is not the view keyed content: not dropped.
        #expect(run.records(.dropped).isEmpty)
        #expect(run.records(.began).map { $0[.to] } == [.string("view(content)"), .string("content")])
        #expect(run.records(.statement)[1][.call] == .string("transitionToState(.view(\"content\"), animated: false)"))
    }

    @Test("a view keyed none, written as a string, is .view(\"none\"); bare none is .none")
    func noneKey() {
        let run = simulate("""
        addView(none)
        transition(to: "none", animated: false)
        expect visible == [none]
        transition(to: none, animated: false)
        expect visible == []
        transition(to: "none", animated: false)
        setup
        """)
        #expect(run.records(.began).map { $0[.to] } == [.string("none"), .string("content"), .string("none")])
        #expect(run.problems.map(\.id) == ["runtime-error"], "StatefulViewControllerState(rawValue: \"none\") is nil")
    }

    @Test("negative insets place the view past the backing view's edges")
    func negativeInsets() {
        let run = simulate("bounds(width: 320, height: 480)\naddView(loading, top: -20, left: -10, bottom: 0, right: 5)\nhasContent = false\nstart")
        #expect(run.checkErrors.isEmpty)
        #expect(run.records(.viewAdded).first?[.frame] == .ints([-10, -20, 325, 500]))
    }

    @Test("keys written as strings may hold any text; the log re-escapes it")
    func stringKeys() {
        let run = simulate("addView(\"two words\")\ntransition(to: \"a\\nb\", animated: false)\nsetup")
        #expect(run.records(.statement).map { $0[.call] } == [
            .string("addView(\"two words\")"), .string("transitionToState(.view(\"a\\nb\"), animated: false)"),
            .string("setupInitialViewState()"),
        ])
        #expect(run.problems.first?.message == "setupInitialViewState() reads lastState, which holds the custom key \"a\\nb\": the library crashes here")
    }
}

@Suite("Strings in logs are re-escaped")
struct EscapingTests {
    @Test("an error string is written back as the Swift literal it stands for", arguments: [
        ("\"a\\nb\"", "\"a\\nb\""), ("\"say \\\"hi\\\"\"", "\"say \\\"hi\\\"\""), ("\"back\\\\slash\"", "\"back\\\\slash\""),
        ("\"tab\\tand\u{1}\"", "\"tab\\tand\\u{1}\""), ("\"plain\"", "\"plain\""),
    ])
    func errorStrings(_ written: String, logged: String) {
        let run = simulate("hasContent = false\nend(error: \(written))")
        #expect(run.checkErrors.isEmpty)
        #expect(run.records(.statement).last?[.call] == .string("endLoading(animated: true, error: \(logged))"))
    }

    @Test("JMStatefulTableViewController's failure strings are re-escaped too")
    func jmFailure() {
        let run = simulate("model JMStatefulTableViewController\nappear\nfail(initial, error: \"a\\nb \\\"q\\\"\")")
        #expect(run.checkErrors.isEmpty)
        #expect(run.records(.statement).last?[.call] == .string("initial: failure(\"a\\nb \\\"q\\\"\")"))
    }

    @Test("SwiftLiteral reads back through the script lexer as the same text", arguments: [
        "a\nb", "q\"uote", "b\\s", "t\tab", "plain", "ünï",
    ])
    func roundTrip(_ text: String) {
        let line = "end(error: \(SwiftLiteral.string(text)))"
        let parsed = Parser.parse(line: Array(line.utf8), number: 1)
        guard case .call(_, let arguments)? = parsed.statements.first?.form, let value = arguments?.first?.value.kind else {
            Issue.record("did not parse: \(line)")
            return
        }
        #expect(value == .string(text))
    }
}
