import Testing
import StatectlParse
@testable import StatectlSimulate

@Suite("Branch coverage")
struct BranchCoverageTests {
    let tree = StatefulViewControllerModel.decisionTree

    func coverage(of source: String) -> BranchCoverage {
        var coverage = BranchCoverage(tree: tree)
        for record in simulate(source).records { coverage.add(record) }
        return coverage
    }

    func branch(_ from: String, _ to: String) -> Int {
        tree.edges.firstIndex { tree.nodes[$0.from].id == from && tree.nodes[$0.to].id == to }!
    }

    @Test("one startLoading without content takes its entry, hasContent NO and loading YES")
    func countsOneWalk() {
        let coverage = coverage(of: "hasContent = false\nstart")
        let takenNow = Set(coverage.counts.indices.filter { coverage.counts[$0] > 0 })
        #expect(takenNow == [branch("startLoading", "hasContent"), branch("hasContent", "loading"),
                             branch("loading", "showLoading")])
        #expect(coverage.taken == 3)
        #expect(coverage.total == tree.edges.count)
        #expect(coverage.untaken.count == tree.edges.count - 3)
    }

    @Test("an edge taken by two walks counts twice; untaken edges stay in tree order")
    func countsRepeats() {
        let coverage = coverage(of: "hasContent = false\nstart\nend")
        #expect(coverage.counts[branch("hasContent", "loading")] == 2)
        #expect(coverage.untaken == coverage.untaken.sorted())
        #expect(!coverage.untaken.contains(branch("error", "showEmpty")))
    }

    @Test("merging adds counts, and records other than decisions are ignored")
    func merges() {
        var suite = coverage(of: "hasContent = false\nstart")
        suite.merge(coverage(of: "end(error: \"x\")"))
        #expect(suite.counts[branch("hasContent", "errorWithContent")] == 1)
        #expect(suite.counts[branch("errorWithContent", "unobtrusiveError")] == 1)
        #expect(suite.counts[branch("hasContent", "loading")] == 1)
        var other = BranchCoverage(tree: tree)
        other.add(Record(time: 0, line: 1, kind: .queued, fields: [Field(.edges, .strings(["startLoading->hasContent"]))]))
        other.add(edgeID: "no-such-edge")
        #expect(other.taken == 0)
    }

    @Test("branches are named with the labels graph draws")
    func names() {
        let coverage = BranchCoverage(tree: tree)
        #expect(coverage.name(ofBranch: branch("hasContent", "errorWithContent")) == "hasContent? —YES→ error?")
        #expect(coverage.name(ofBranch: branch("startLoading", "hasContent")) == "startLoading() → hasContent?")
    }
}

@Suite("Suite coverage")
struct SuiteCoverageTests {
    func run(_ source: String, tree: DecisionTree = StatefulViewControllerModel.decisionTree) -> BranchCoverage {
        var coverage = BranchCoverage(tree: tree)
        for record in simulate(source).records { coverage.add(record) }
        return coverage
    }

    @Test("runs of one model add up, and each branch remembers the scripts that took it")
    func addsRuns() {
        var suite = SuiteCoverage()
        suite.add(run("hasContent = false\nstart"), model: "StatefulViewController", script: "a")
        suite.add(run("hasContent = false\nstart\nend"), model: "StatefulViewController", script: "b")
        suite.add(run(""), model: "StatefulViewController", script: "empty")
        #expect(suite.models.count == 1)
        let entry = suite.models[0]
        let tree = entry.branches.tree
        let loading = tree.edges.firstIndex { $0.id == "hasContent->loading" }!
        let empty = tree.edges.firstIndex { $0.id == "error->showEmpty" }!
        #expect(entry.branches.counts[loading] == 3)
        #expect(entry.scriptsByBranch[loading] == ["a", "b"])
        #expect(entry.scriptsByBranch[empty] == ["b"])
        #expect(entry.scripts == ["a", "b", "empty"])
    }

    @Test("models are kept apart and listed by name, whatever order the scripts come in")
    func separatesModels() {
        var suite = SuiteCoverage()
        suite.add(run(""), model: "StatefulViewController", script: "a")
        let other = JMStatefulTableViewControllerModel.decisionTree
        suite.add(BranchCoverage(tree: other), model: "JMStatefulTableViewController", script: "b")
        #expect(suite.models.map(\.model) == ["JMStatefulTableViewController", "StatefulViewController"])
        #expect(suite.coverage(ofModel: "JMStatefulTableViewController")?.branches.total == other.edges.count)
    }
}
