/// Finds the known word nearest to a misspelt one, for "did you mean …?" notes.
///
/// The work per call is bounded whatever the input: words longer than
/// `maximumComparedLength` get no suggestion (no typo makes a 10 MB name), candidates
/// whose length alone rules them out are skipped without comparing, a comparison stops
/// as soon as it cannot beat the best so far, and at most `maximumComparisons`
/// candidates are compared. Callers with very many names pass the likeliest first
/// (`KnownNames` passes the ones sharing the word's prefix).
public enum Suggestion {
    /// Longest word, in characters, that is compared at all.
    public static let maximumComparedLength = 64
    /// Most candidates compared in one call; the rest are not looked at.
    public static let maximumComparisons = 4_096

    /// The candidate with the smallest edit distance to `word`, if it is close enough
    /// to be a plausible typo (at most a third of the word's length, and at least 1).
    /// Ties go to the candidate that sorts first. Letters are compared without case.
    ///
    ///     Suggestion.nearest(to: "loadng", in: ["loading", "error"])  // "loading"
    public static func nearest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        // utf8.count is O(1) and at least the character count: a cheap first refusal.
        guard word.utf8.count <= 4 * maximumComparedLength else { return nil }
        let target = folded(word)
        guard target.count <= maximumComparedLength else { return nil }
        let limit = max(1, (target.count + 2) / 3)
        var best: (name: String, distance: Int)?
        var comparisons = 0
        var candidateScalars: [UInt32] = []
        for candidate in candidates {
            // A candidate with fewer bytes than target.count - limit has too few characters.
            let bytes = candidate.utf8.count
            if bytes + limit < target.count || bytes > 4 * (target.count + limit) { continue }
            candidateScalars.removeAll(keepingCapacity: true)
            fold(candidate, into: &candidateScalars)
            if abs(candidateScalars.count - target.count) > limit { continue }
            guard comparisons < maximumComparisons else { break }
            comparisons += 1
            let bound = min(limit, best?.distance ?? limit)
            guard let distance = EditDistance.distance(target, candidateScalars, atMost: bound) else { continue }
            if distance < (best?.distance ?? Int.max) || (distance == best?.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Edit distance where swapping two neighbouring characters counts as one edit
    /// (optimal string alignment), since `rnu` for `run` is the commonest typo.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = folded(a), b = folded(b)
        return EditDistance.distance(a, b, atMost: max(a.count, b.count))!
    }

    /// The edit distance from `word` to each candidate, in order, folding `word` once.
    static func distances(from word: String, to candidates: [String]) -> [Int] {
        let target = folded(word)
        var scalars: [UInt32] = []
        return candidates.map { candidate in
            scalars.removeAll(keepingCapacity: true)
            fold(candidate, into: &scalars)
            return EditDistance.distance(target, scalars, atMost: max(target.count, scalars.count))!
        }
    }

    /// The word's characters with ASCII letters lower-cased (names in scripts are ASCII).
    private static func folded(_ word: String) -> [UInt32] {
        var scalars: [UInt32] = []
        fold(word, into: &scalars)
        return scalars
    }

    private static func fold(_ word: String, into scalars: inout [UInt32]) {
        // ASCII, the usual case, a byte at a time; anything else by Unicode scalars.
        var word = word
        let ascii = word.withUTF8 { bytes in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                scalars.append(UInt32(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte))
            }
            return true
        }
        if ascii { return }
        scalars.removeAll(keepingCapacity: true)
        for scalar in word.unicodeScalars {
            let value = scalar.value
            scalars.append(value >= 0x41 && value <= 0x5A ? value + 0x20 : value)
        }
    }
}

/// Optimal-string-alignment distance, giving up once every cell of a row exceeds the
/// bound (the distance can only grow from there).
private enum EditDistance {
    static func distance(_ a: [UInt32], _ b: [UInt32], atMost bound: Int) -> Int? {
        if abs(a.count - b.count) > bound { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        // Three rows in one temporary allocation (on the stack when small): no heap
        // allocation per comparison. Every cell is written before it is read.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows -> Int? in
            var before = rows.baseAddress!, previous = before + width, current = previous + width
            for j in 0..<width { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        cell = min(cell, before[j - 2] + 1)
                    }
                    current[j] = cell
                    rowMinimum = min(rowMinimum, cell)
                }
                if rowMinimum > bound { return nil }
                (before, previous, current) = (previous, current, before)
            }
            let result = previous[b.count]
            return result <= bound ? result : nil
        }
    }
}
