extension Suggestion {
    /// Every candidate, nearest to `word` first (ties alphabetical), for notes that list
    /// what is known: "statements: end, start, setup, …". Past `longestRanked` characters
    /// a word is no typo of a short keyword, and the list is simply alphabetical.
    ///
    ///     Suggestion.ranked(to: "strat", in: ["end", "start", "setup"])  // ["start", "setup", "end"]
    public static func ranked<S: Sequence>(to word: String, in candidates: S) -> [String] where S.Element == String {
        let unique = Array(Set(candidates))
        guard word.utf8.count <= longestRanked else { return unique.sorted() }
        // Called for every unknown statement, so once per diagnostic of a flood: the word
        // is folded once and no row is allocated per candidate.
        return zip(unique, distances(from: word, to: unique)).map { (name: $0, distance: $1) }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
            .map(\.name)
    }

    static let longestRanked = 64
}
