/// Finds the known word nearest to a misspelt one, for "did you mean …?" notes.
public enum Suggestion {
    /// The candidate with the smallest edit distance to `word`, if it is close enough
    /// to be a plausible typo (at most a third of the word's length, and at least 1).
    ///
    ///     Suggestion.nearest(to: "loadng", in: ["loading", "error"])  // "loading"
    public static func nearest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let limit = max(1, (word.count + 2) / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max)
                || (distance == best?.distance && candidate < best!.name) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
