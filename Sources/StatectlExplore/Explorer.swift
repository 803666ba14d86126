import StatectlParse
import StatectlSimulate

/// `statectl explore`: every sequence of a spec's events, breadth-first, through the same
/// `Simulator.runLine` that `statectl run` uses for each line.
///
/// Configurations are told apart by the model's identity (`ExplorableModel.encodeIdentity`)
/// and stored packed; the search keeps the simulators of one level only. Breadth-first, so
/// the first configuration that violates a property is at the least depth: the path to it
/// (parent links) is a shortest counterexample.
public enum Explorer {
    /// Parses and checks the spec, then explores it; the spec's problems when it has any.
    /// Without `suite`, the result's `suite` is empty: only `--emit-tests` writes it, and
    /// finding its shortest paths is most of what a search does once it has finished.
    public static func explore(spec text: [UInt8], limits: ExploreLimits = ExploreLimits(), suite: Bool = true,
                               progress: ((ExploreProgress) -> Void)? = nil) -> Checked<ExploreResult> {
        var parser = LineParser()
        var lines: [ParsedLineOfSpec] = []
        var number = 0
        var start = 0
        while start <= text.count {
            let end = text[start...].firstIndex(of: 0x0A) ?? text.count
            if end == text.count, start == end, number > 0 { break }
            number += 1
            var bytes = Array(text[start..<end])
            if bytes.last == 0x0D { bytes.removeLast() }
            lines.append(ParsedLineOfSpec(bytes: bytes, number: number, parsed: parser.parseSpec(line: bytes, number: number)))
            start = end + 1
        }
        switch chooseModel(lines) {
        case .failure(let diagnostic): return .failure([diagnostic])
        case .success(let (model, version)):
            // A call with the concrete type for each model, so that the search is compiled
            // for it: generic, it asked the runtime for type metadata on every step.
            if model == StatefulViewControllerModel.self {
                return explore(StatefulViewControllerModel.self, version: version, lines: lines, limits: limits, suite: suite, progress: progress)
            }
            if model == StateViewControllerModel.self {
                return explore(StateViewControllerModel.self, version: version, lines: lines, limits: limits, suite: suite, progress: progress)
            }
            if model == JMStatefulTableViewControllerModel.self {
                return explore(JMStatefulTableViewControllerModel.self, version: version, lines: lines, limits: limits, suite: suite, progress: progress)
            }
            return explore(model, version: version, lines: lines, limits: limits, suite: suite, progress: progress)
        }
    }

    /// The models explore can walk: every model the simulator knows.
    public static var models: [any ExplorableModel.Type] { ModelCatalog.models.compactMap { $0 as? any ExplorableModel.Type } }

    private static func chooseModel(_ lines: [ParsedLineOfSpec]) -> Result<(any ExplorableModel.Type, String?), Diagnostic> {
        let first = lines.first { !$0.parsed.statements.isEmpty || $0.parsed.directive != nil }
        guard let statement = first?.parsed.statements.first, case .model(let name, let version) = statement.form else {
            return .success((models[0], models[0].versions.first))
        }
        // The same look-up, and the same messages, as a script's `model` line.
        switch ModelCatalog.choice(named: name.text, version: version?.text) {
        case .success(let choice):
            guard let model = choice.model as? any ExplorableModel.Type else {
                return .failure(Diagnostic(id: "not-explorable", span: name.span, message: "\(name.text) cannot be explored"))
            }
            return .success((model, choice.version))
        case .failure(let error):
            return .failure(Diagnostic(id: error.atVersion ? "unknown-version" : "unknown-model",
                                       span: error.atVersion ? version?.span ?? name.span : name.span,
                                       message: error.message, notes: error.notes.map { DiagnosticNote($0) }))
        }
    }

    private static func explore<M: ExplorableModel>(_ model: M.Type, version: String?, lines: [ParsedLineOfSpec], limits: ExploreLimits,
                                                    suite: Bool, progress: ((ExploreProgress) -> Void)?) -> Checked<ExploreResult> {
        switch ExploreSpec<M>.compile(lines, version: version) {
        case .failure(let problems): return .failure(problems)
        case .success(let spec):
            var search = Search(spec: spec, limits: limits, buildsSuite: suite, progress: progress)
            return .success(search.run())
        }
    }
}

/// One breadth-first search over one model's configurations. Noncopyable: it owns its
/// encoders' blocks.
struct Search<M: ExplorableModel>: ~Copyable {
    let spec: ExploreSpec<M>
    let limits: ExploreLimits
    /// Whether the result carries the suite (`Explorer.explore`'s `suite`).
    let buildsSuite: Bool
    let progress: ((ExploreProgress) -> Void)?
    let sink = DecisionSink()

    /// Configurations, numbered in the order found, each tagged with its observable state;
    /// per configuration its parent and the event that led there.
    var store = PackedSet()
    var parents = ChunkedColumn<Int32>()
    var via = ChunkedColumn<UInt16>()
    /// Parts of identities stored once (`IdentityEncoder.addComponent`).
    let components = IdentityComponents()
    var encoder: IdentityEncoder
    /// Reads configurations back (`readBack`), one after another.
    var reader: IdentityDecoder

    /// Observable states: what `expect` can read, counters excluded, and where first met.
    var observableIndex = PackedSet(capacity: 1 << 8)
    /// The observable states met lately, in front of `observableIndex`.
    var observableCache = ShortKeyCache()
    var observableWords = ObservableWordCache()
    var observableKey = IdentityEncoder()
    var observableStates: [ExploreResult.ObservableState] = []
    let observableProperties: [String]
    /// Counters a property reads: they join the identity.
    let identityCounters: [String]

    /// Observable transitions with counts, in the order first taken, and where first taken.
    var transitions: TransitionCounts

    /// Decision walks reached (by the sink's number), with where: a configuration and the
    /// event taken from it, or the configuration when finishing from it found the walk.
    /// By walk number (the sink numbers walks densely from 0): an array, as this is read on
    /// every step.
    var walkWitness: [(config: Int, event: Int?)?] = []
    var walkOrder: [Int] = []

    /// Observable states (× settled or not) whose properties have been checked.
    var checkedStates: [Bool] = []
    var results: [ExploreResult.PropertyResult]
    var runtimeError: ExploreResult.PropertyResult
    var steps = 0
    var levels = 0

    init(spec: ExploreSpec<M>, limits: ExploreLimits, buildsSuite: Bool = true, progress: ((ExploreProgress) -> Void)?) {
        self.spec = spec
        self.limits = limits
        self.buildsSuite = buildsSuite
        self.progress = progress
        encoder = IdentityEncoder(components: components)
        transitions = TransitionCounts(events: spec.events.count)
        reader = IdentityDecoder(UnsafeRawBufferPointer(start: nil, count: 0), components: components)
        // What `expect` can read in this version, counters excluded.
        observableProperties = M.properties.filter { property in
            guard let versions = property.versions, let version = spec.version else { return true }
            return versions.contains(version)
        }.map(\.name).filter { !M.counters.contains($0) }
        var counters: [String] = []
        for property in spec.properties {
            for name in property.condition.properties where M.counters.contains(name) && !counters.contains(name) {
                counters.append(name)
            }
        }
        identityCounters = counters
        results = spec.properties.map {
            ExploreResult.PropertyResult(text: $0.directive.text, line: $0.line, holds: true)
        }
        runtimeError = ExploreResult.PropertyResult(text: "no runtime error", line: nil, holds: true)
    }

    mutating func run() -> ExploreResult {
        var root = Simulator<M>(sink: sink, version: spec.version)
        var prefixProblems: [Diagnostic] = []
        sink.beginStep()
        for line in spec.prefix {
            prefixProblems += root.runLine(line.compiled, line: line.number)
        }
        if root.stopped {
            return result(complete: true, stoppedBy: nil, prefixProblems: prefixProblems)
        }
        encoder.removeAll()
        encode(&root)
        _ = admit(&root, identity: encoder.view, hash: PackedSet.hash(encoder.view), parent: -1, event: 0, depth: 0)
        reachStep(config: 0)
        finishIfNeeded(root, config: 0)

        // The level being expanded: its simulators, or, when the model can read itself
        // back from its identity, nothing but its range in the store (numbered in order
        // found, a level's configurations are contiguous). Simulators are most of the
        // memory of a large search; identities are stored anyway.
        let readsBack = identityCounters.isEmpty && readsBackExactly(root)
        var frontier = readsBack ? [] : [root]
        var levelStart = 0
        var levelCount = 1
        var complete = false
        var stopped: String?  // the limit that stopped the search
        var depth = 0
        var found = 1  // configurations new at the level just made
        // The events' parts the loop reads, apart: copying an event per step retained its text too.
        let eventLines = spec.events.map(\.compiled)
        // Unretained: `eventLines` keeps them alive, and reading one from the array for
        // each step retained and released it around the step.
        let eventLineRefs = eventLines.map { Unmanaged.passUnretained($0) }
        let eventCommands = spec.events.map(\.commands)
        // A simulator per step of a batch, resumed from the configuration expanded, so that a
        // step copies a model, not a whole simulator with its sink and scratch space; each
        // keeps its successor until the second pass stores it. Locals: as properties, passing
        // one to `admit` (which mutates the search) copied it. Raw memory, freed below: through
        // an array, each step's two accesses checked its uniqueness and bounds.
        let batchSteps = max(eventLines.count, 1) * limits.configurationsPerBatch
        let workers = UnsafeMutablePointer<Simulator<M>>.allocate(capacity: batchSteps)
        workers.initialize(repeating: root, count: batchSteps)
        defer {
            workers.deinitialize(count: batchSteps)
            workers.deallocate()
        }
        var batch = StepBatch(steps: batchSteps, configurations: limits.configurationsPerBatch)
        // Read for every new configuration: a number, where the optional limit was two.
        let maximumConfigurations = limits.maxConfigurations ?? Int.max
        // The configuration being expanded, read back in place each time.
        var model = root.model
        search: while true {
            if found == 0 { complete = true; break }
            if let bound = spec.depth, depth >= bound { break }
            found = 0
            var next: [Simulator<M>] = []
            // The last level is never expanded: its simulators need not be kept.
            let expandsNext = spec.depth == nil || depth + 1 < spec.depth!
            let levelEnd = store.count
            // A level in batches of a few configurations, each in two passes: every event is
            // simulated from each configuration and its successor encoded and put aside, then
            // the successors are stored in order, their table slots and members having been
            // loaded together (`PackedSet.warm`), so that their cache misses overlap. The
            // second pass does, in the same order, all that one pass per step did: what the
            // first does besides (numbering a walk in the sink) is not in the report.
            // Integer ranges and plain loops: in generic code, enumerated(), indices and
            // allSatisfy ask the runtime for type metadata on every step.
            var batchStart = 0
            while batchStart < levelCount {
                let batchEnd = min(batchStart + limits.configurationsPerBatch, levelCount)
                batch.removeAll()
                sink.beginBatch()
                encoder.removeAll()
                for offset in batchStart..<batchEnd {
                    let config = levelStart + offset
                    // Its identity: read back from, and compared with each successor's, since the
                    // steps that lead back to it (a tenth or more) need no look-up, which in a
                    // large store is a cache miss.
                    let (home, tag) = store.memberAndTag(config)
                    if readsBack { readBack(config, from: home, into: &model) } else { model = frontier[offset].model }
                    let now = readsBack ? 0 : frontier[offset].now
                    batch.beginConfiguration(config, tag: tag)
                    eventLoop: for index in 0..<eventLines.count {
                        for command in eventCommands[index] where !model.canPerform(command) { continue eventLoop }
                        // Each step on a simulator of its own, kept until the second pass.
                        let slot = batch.count
                        sink.beginStep()
                        let start = encoder.count
                        let outcome = eventLineRefs[index]._withUnsafeGuaranteedRef { line in
                            workers[slot].exploreStep(from: &model, at: now, line: line, number: depth + 1,
                                                      queueBound: spec.queue, encoder: &encoder)
                        }
                        switch outcome {
                        case .stopped(let message):
                            batch.addStop(event: index, message: message)
                            continue
                        case .overQueueBound:
                            continue
                        case .encoded:
                            encodeCounters(&workers[slot])
                        }
                        let identity = UnsafeRawBufferPointer(rebasing: encoder.view[start..<encoder.count])
                        if identity.count == home.count && sameBytes(identity, home) {
                            batch.addReturn(event: index, walks: sink.stepRange)
                            continue
                        }
                        batch.add(event: index, identity: start..<encoder.count, bytes: identity, walks: sink.stepRange)
                    }
                }
                store.warm(batch.hashes)
                // Valid until the encoder is next written: no longer than this batch.
                let identities = encoder.view
                // Once every walk met has its witness (early in a search), the steps' walks
                // need not be looked at: each is one of them.
                let walksWitnessed = walkOrder.count == sink.walkCount
                for expanded in 0..<batch.configurationCount {
                    let (config, tag, itsSteps) = batch.configuration(expanded)
                    let configState = Int32(bitPattern: tag)
                    for pending in itsSteps {
                        let step = batch[pending]
                        let index = step.event
                        guard let identityRange = step.identity else {
                            steps += 1
                            if runtimeError.holds {
                                runtimeError.holds = false
                                runtimeError.counterexample = path(to: config) + [index]
                                runtimeError.message = batch.stopMessages[pending]
                            }
                            continue
                        }
                        steps += 1
                        let (child, isNew, childState): (Int, Bool, Int32)
                        if step.returnsHome {
                            (child, isNew, childState) = (config, false, configState)
                        } else {
                            let identity = UnsafeRawBufferPointer(rebasing: identities[identityRange])
                            (child, isNew, childState) = admit(&workers[pending], identity: identity, hash: batch.hash(pending),
                                                               parent: config, event: index, depth: depth + 1)
                        }
                        if !walksWitnessed {
                            for position in step.walks { reach(sink.taken(position), config: config, event: index) }
                        }
                        transitions.count(from: configState, event: index, to: childState, origin: config)
                        if isNew {
                            found += 1
                            finishIfNeeded(workers[pending], config: child)
                            if expandsNext && !readsBack { next.append(workers[pending]) }
                            if store.count >= maximumConfigurations {
                                stopped = "max-configurations"
                                levels = depth + 1
                                break search
                            }
                        }
                        if steps & 0xFFFF == 0 {
                            if let maximum = limits.maxBytes, bytesKept(simulators: frontier.count + next.count) > maximum {
                                stopped = "max-memory"
                                levels = depth + 1
                                break search
                            }
                            // 65,536 steps add far less than the 64 MiB of chunks left.
                            if store.isNearlyFull {
                                stopped = "store-capacity"
                                levels = depth + 1
                                break search
                            }
                            progress?(ExploreProgress(level: depth + 1, configurations: store.count, steps: steps))
                        }
                    }
                }
                batchStart = batchEnd
            }
            depth += 1
            if found > 0 { levels = depth }
            frontier = next
            levelStart = levelEnd
            levelCount = store.count - levelEnd
            progress?(ExploreProgress(level: depth, configurations: store.count, steps: steps))
        }
        withExtendedLifetime(eventLines) {}  // the unretained references above stay valid until here
        return result(complete: complete && stopped == nil, stoppedBy: stopped, prefixProblems: prefixProblems)
    }

    /// What the search keeps for its configurations: the store, its components and table,
    /// parent links, events and observable states, and `simulators` kept whole (their
    /// inline size: what their arrays hold besides is not counted).
    func bytesKept(simulators: Int = 0) -> Int {
        store.bytesUsed + components.bytesUsed + parents.bytesUsed + via.bytesUsed
            + simulators * MemoryLayout<Simulator<M>>.stride
    }

    /// Whether configurations can be read back from the store: the model decodes its
    /// identity into a model that encodes to the same bytes (checked on the first one).
    mutating func readsBackExactly(_ root: Simulator<M>) -> Bool {
        encoder.removeAll()
        root.model.encodeIdentity(into: &encoder, now: root.now)
        let original = encoder.bytes
        let model = original.withUnsafeBytes { bytes in
            var decoder = IdentityDecoder(bytes, components: components)
            return M.decodeIdentity(&decoder)
        }
        guard let model else { return false }
        encoder.removeAll()
        model.encodeIdentity(into: &encoder, now: 0)
        return encoder.bytes == original
    }

    /// Configuration `config`'s model, at time 0, read back from its identity into `model`.
    mutating func readBack(_ config: Int, from identity: UnsafeRawBufferPointer, into model: inout M) {
        reader.restart(identity)
        // The first configuration read back exactly, and every identity came from the same
        // encoder: a failure here is a bug in the model's decoder.
        guard M.decodeIdentity(&reader, into: &model) else {
            preconditionFailure("\(M.name): configuration \(config) cannot be read back from its identity")
        }
    }

    /// Writes the simulator's identity to `encoder`, after what it holds: its model's, with
    /// the counters a property reads. In-out, though it only reads: passed from an array,
    /// it was copied.
    @inline(__always)
    mutating func encode(_ simulator: inout Simulator<M>) {
        simulator.model.encodeIdentity(into: &encoder, now: simulator.now)
        encodeCounters(&simulator)
    }

    /// The counters a property reads, after the model's identity.
    @inline(__always)
    mutating func encodeCounters(_ simulator: inout Simulator<M>) {
        for counter in identityCounters { encoder.add((try? simulator.model.observe(counter)) ?? .name("?")) }
    }

    /// Stores the simulator's configuration, whose identity is `identity`, if it is new,
    /// checking the properties on it; its number, whether it was new, and its observable
    /// state. In-out, though it only reads: passed from an array, it was copied.
    @inline(__always)
    mutating func admit(_ simulator: inout Simulator<M>, identity: UnsafeRawBufferPointer, hash: UInt32,
                        parent: Int, event: Int, depth: Int) -> (Int, Bool, Int32) {
        let (config, isNew, tag) = store.insertReadingTag(identity, hash: hash)
        guard isNew else { return (config, false, Int32(bitPattern: tag)) }
        parents.append(Int32(parent))
        via.append(UInt16(event))
        let (word, settled) = simulator.observableWord()
        let state: Int
        if word != 0, let (number, checked) = observableWords.number(of: word, settled: settled) {
            // Marked only where each pair is checked once (below): nothing left to do.
            if checked {
                store.tagNewest(UInt32(number))
                return (config, true, Int32(number))
            }
            state = number
        } else {
            state = observableState(encoded: simulator.encodeObservable(into: &observableKey).encoded, of: &simulator, depth: depth)
            if word != 0 { observableWords.keep(state, for: word) }
        }
        store.tagNewest(UInt32(state))
        // A property reads what `expect` can read, and, unless it reads a counter (which then
        // joins the identity), all of that is the observable state: its verdict there is the
        // verdict at the first configuration found with that state and settledness, which
        // breadth-first is at the least depth. So each pair is checked once, and the word's
        // cache entry remembers it, so that the next configuration with that word looks
        // nothing more up.
        if identityCounters.isEmpty {
            let key = state * 2 + (settled ? 1 : 0)
            if key >= checkedStates.count { checkedStates += Array(repeating: false, count: key + 1 - checkedStates.count) }
            if word != 0 { observableWords.markChecked(word, settled: settled) }
            guard !checkedStates[key] else { return (config, true, Int32(state)) }
            checkedStates[key] = true
        }
        check(simulator.model, config: config)
        return (config, true, Int32(state))
    }

    /// The number of the observable state in `observableKey`, which `encoded` tells whether
    /// the model wrote (`Simulator.encodeObservable`); else it is written here, from what
    /// `expect` reads. In-out, though it only reads, as `admit`.
    mutating func observableState(encoded: Bool, of simulator: inout Simulator<M>, depth: Int) -> Int {
        if !encoded {
            for property in observableProperties { observableKey.add((try? simulator.model.observe(property)) ?? .name("?")) }
        }
        if let number = observableCache.number(of: observableKey.view) { return number }
        let (number, isNew) = observableIndex.insert(observableKey.view)
        observableCache.keep(number, for: observableKey.view)
        guard isNew else { return number }
        var values: [(property: String, value: String)] = []
        for property in observableProperties {
            values.append((property, (try? simulator.model.observe(property).text) ?? "(crashes)"))
        }
        observableStates.append(ExploreResult.ObservableState(values: values, depth: depth))
        return number
    }

    mutating func check(_ model: M, config: Int) {
        let settled = model.isSettled
        for position in 0..<spec.properties.count where results[position].holds {
            let property = spec.properties[position]
            if property.directive.whenSettled && !settled { continue }
            let holds: Bool
            do {
                holds = try property.condition.evaluate(on: model)
            } catch {
                if runtimeError.holds {
                    runtimeError.holds = false
                    runtimeError.counterexample = path(to: config)
                    runtimeError.message = error.message
                    runtimeError.failingExpect = "expect " + property.directive.condition.text
                }
                continue
            }
            let violated = property.directive.kind == .always ? !holds : holds
            guard violated else { continue }
            results[position].holds = false
            results[position].counterexample = path(to: config)
            let read = property.condition.properties.map { name in "\(name) is \((try? model.observe(name).text) ?? "unreadable")" }
            results[position].message = read.joined(separator: ", ")
            let condition = property.directive.condition
            results[position].failingExpect = "expect " + (property.directive.kind == .always ? condition.text : Condition.not(condition).text)
        }
    }

    /// Notes the decision walks taken since the sink's `beginStep`, the first time each is
    /// taken, where no event led (the configuration itself, or finishing from it).
    mutating func reachStep(config: Int) {
        for position in sink.stepRange { reach(sink.taken(position), config: config, event: nil) }
    }

    @inline(__always)
    mutating func reach(_ walk: Int, config: Int, event: Int?) {
        guard walk >= walkWitness.count || walkWitness[walk] == nil else { return }
        if walk >= walkWitness.count { walkWitness += Array(repeating: nil, count: walk + 1 - walkWitness.count) }
        walkWitness[walk] = (config, event)
        walkOrder.append(walk)
    }

    /// Where the clock running on at the end of a script can walk the tree, a test ending
    /// here would take those branches too: count them.
    mutating func finishIfNeeded(_ simulator: Simulator<M>, config: Int) {
        guard M.decidesWhileFinishing, !simulator.model.isSettled else { return }
        var finishing = simulator
        sink.beginStep()
        finishing.finish()
        reachStep(config: config)
    }

    func path(to config: Int) -> [Int] {
        var events: [Int] = []
        var current = config
        while current > 0 {
            events.append(Int(via[current]))
            current = Int(parents[current])
        }
        return events.reversed()
    }
}
