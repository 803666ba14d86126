#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StatectlSimulate

/// Hands records to another sink on a second thread, so that rendering and writing the
/// log overlap with simulating the script (`statectl run` on a long script spends about
/// half its time on each).
///
/// Records are copied, as bytes, into a few fixed blocks that the two threads pass back
/// and forth; order is kept and memory stays bounded. Encoded records hold no references,
/// so the threads share no reference counts. A script that never fills a block is
/// rendered on the calling thread at `finish()`, and no thread is started.
///
/// Between `write` calls the target belongs to the render thread: callers must not touch
/// it (or its output) until `finish()` returns.
final class BackgroundSink: RecordSink, @unchecked Sendable {
    // @unchecked: the blocks and the target are handed between the threads under `lock`.

    /// A block of encoded records: time, line (Int64.min when none), kind, the fields'
    /// byte count, then the fields, for each record.
    private struct Block {
        var base: UnsafeMutableRawPointer
        var capacity: Int
        var count = 0
    }

    private static let blockCount = 4
    private let blockSize: Int
    private let target: RecordSink
    private let blocks: UnsafeMutablePointer<Block>
    /// The block the simulation is filling; only the calling thread touches it.
    @exclusivity(unchecked) private var filling = 0
    /// Where the next record goes in the block being filled, and where that block ends.
    @exclusivity(unchecked) private var cursor: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var limit: UnsafeMutableRawPointer
    /// The next block to render; only the render thread touches it. Blocks are filled
    /// and rendered in the same round.
    @exclusivity(unchecked) private var rendering = 0

    // Shared between the threads, under `lock`.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Blocks handed over and not yet rendered, the one being rendered included.
    private var ready = 0
    private var finished = false
    private var thread: pthread_t?
    /// Set when the system would not start a thread: blocks are then rendered in place.
    private var threadRefused = false

    /// With `threaded: false` blocks are rendered in place as they fill, as when the system
    /// refuses a thread (which tests cannot arrange).
    init(_ target: RecordSink, blockSize: Int = 1 << 17, threaded: Bool = true) {
        self.target = target
        self.blockSize = blockSize
        threadRefused = !threaded
        blocks = .allocate(capacity: Self.blockCount)
        // Only the first block up front: a short script never needs the others, and
        // allocating them is a measurable part of start-up.
        blocks.initialize(to: Block(base: .allocate(byteCount: blockSize, alignment: 8), capacity: blockSize))
        for index in 1..<Self.blockCount {
            (blocks + index).initialize(to: Block(base: .allocate(byteCount: 8, alignment: 8), capacity: 0))
        }
        cursor = blocks[0].base
        limit = blocks[0].base + blockSize
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        for index in 0..<Self.blockCount { blocks[index].base.deallocate() }
        blocks.deallocate()
        pthread_mutex_destroy(lock)
        pthread_cond_destroy(changed)
        lock.deallocate()
        changed.deallocate()
    }

    private static let headerSize = 8 + 8 + 1 + 4

    func write(_ record: RecordView) {
        let fields = record.fields.bytes
        let size = Self.headerSize + fields.count
        if size > limit - cursor { makeRoom(for: size) }
        cursor.storeBytes(of: record.time, as: Int64.self)
        cursor.storeBytes(of: record.line.map(Int64.init) ?? .min, toByteOffset: 8, as: Int64.self)
        cursor.storeBytes(of: record.kind, toByteOffset: 16, as: RecordKind.self)
        cursor.storeBytes(of: UInt32(fields.count), toByteOffset: 17, as: UInt32.self)
        if let source = fields.baseAddress { (cursor + Self.headerSize).copyMemory(from: source, byteCount: fields.count) }
        cursor += size
    }

    /// Hands over the block being filled, unless it is empty, and makes the next one big enough.
    private func makeRoom(for size: Int) {
        if cursor != blocks[filling].base { handOver() }
        if size > blocks[filling].capacity { grow(filling, to: max(size, blockSize)) }
        cursor = blocks[filling].base
        limit = blocks[filling].base + blocks[filling].capacity
    }

    /// Renders whatever is left and waits for the render thread to end.
    func finish() {
        guard let thread else {
            blocks[filling].count = cursor - blocks[filling].base
            render(filling)
            return
        }
        if cursor != blocks[filling].base { handOver() }
        pthread_mutex_lock(lock)
        finished = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        self.thread = nil
    }

    /// Gives the filled block to the render thread (starting it the first time), then
    /// waits until a block is free to fill.
    private func handOver() {
        blocks[filling].count = cursor - blocks[filling].base
        if thread == nil, !threadRefused { startThread() }
        guard thread != nil else {
            render(filling)
            cursor = blocks[filling].base
            return
        }
        pthread_mutex_lock(lock)
        ready += 1
        pthread_cond_broadcast(changed)
        while ready == Self.blockCount { pthread_cond_wait(changed, lock) }
        pthread_mutex_unlock(lock)
        filling = (filling + 1) % Self.blockCount
        cursor = blocks[filling].base
        limit = blocks[filling].base + blocks[filling].capacity
    }

    private func grow(_ index: Int, to size: Int) {
        blocks[index].base.deallocate()
        blocks[index].base = .allocate(byteCount: size, alignment: 8)
        blocks[index].capacity = size
    }

    private func startThread() {
        let context = Unmanaged.passRetained(self).toOpaque()
        var created = pthread_t()
        #if canImport(Glibc)
        let status = pthread_create(&created, nil, { context in
            Unmanaged<BackgroundSink>.fromOpaque(context!).takeRetainedValue().renderLoop()
            return nil
        }, context)
        #else
        let status = pthread_create(&created, nil, { context in
            Unmanaged<BackgroundSink>.fromOpaque(context).takeRetainedValue().renderLoop()
            return nil
        }, context)
        #endif
        guard status == 0 else {
            // Out of threads (a ulimit, say): slower, but the log is the same.
            Unmanaged<BackgroundSink>.fromOpaque(context).release()
            threadRefused = true
            return
        }
        thread = created
    }

    /// The render thread: renders blocks in the order they were filled until `finish`.
    private func renderLoop() {
        while true {
            pthread_mutex_lock(lock)
            while ready == 0, !finished { pthread_cond_wait(changed, lock) }
            if ready == 0 {
                pthread_mutex_unlock(lock)
                return
            }
            pthread_mutex_unlock(lock)
            // While the block still counts in `ready`, the filling thread leaves it alone.
            render(rendering)
            rendering = (rendering + 1) % Self.blockCount
            pthread_mutex_lock(lock)
            ready -= 1
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(lock)
        }
    }

    private func render(_ index: Int) {
        let block = UnsafeRawBufferPointer(start: blocks[index].base, count: blocks[index].count)
        var offset = 0
        while offset < block.count {
            let time = block.loadUnaligned(fromByteOffset: offset, as: Int64.self)
            let line = block.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)
            let kind = block.load(fromByteOffset: offset + 16, as: RecordKind.self)
            let length = Int(block.loadUnaligned(fromByteOffset: offset + 17, as: UInt32.self))
            let start = offset + Self.headerSize
            let fields = UnsafeRawBufferPointer(rebasing: block[start..<start + length])
            target.write(RecordView(time: time, line: line == .min ? nil : Int(line), kind: kind,
                                    fields: EncodedFields(fields)))
            offset = start + length
        }
    }
}
