#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed memory that its owner will write all over (a hash table's slots, a chunk it
/// fills): a mebibyte or more is mapped with its pages already in (`MAP_POPULATE`), where
/// touching fresh pages one by one took a page fault each, and two where the first touch
/// was a read (a probe of a new table: the zero page mapped, then copied on the write).
/// At `depth 10` that was 190,000 of the search's 200,000 faults. Less than a mebibyte
/// comes from `calloc`. Free with `releaseFilledMemory` and the same size.
func filledMemory(byteCount: Int) -> UnsafeMutableRawPointer {
    #if os(Linux)
    if byteCount >= filledMappingMinimum {
        // Unsafe: mmap's C interface; the mapping is private, anonymous and this size.
        let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            fatalError("out of memory for \(byteCount) bytes")
        }
        return mapped
    }
    #endif
    guard let memory = calloc(byteCount, 1) else { fatalError("out of memory for \(byteCount) bytes") }
    return memory
}

/// Frees what `filledMemory(byteCount:)` gave for `byteCount`.
func releaseFilledMemory(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
    #if os(Linux)
    if byteCount >= filledMappingMinimum {
        munmap(memory, byteCount)
        return
    }
    #endif
    free(memory)
}

/// Below this, memory from `filledMemory` comes from `calloc`: small sets (tests, a
/// search's decision fields) are not worth a mapping of their own.
private let filledMappingMinimum = 1 << 20
