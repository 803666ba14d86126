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

    /// Edit distance where swapping two neighbouring characters counts as one edit
    /// (optimal string alignment), since `rnu` for `run` is the commonest typo.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
