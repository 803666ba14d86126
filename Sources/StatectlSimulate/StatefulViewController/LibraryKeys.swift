/// StatefulViewControllerState's four raw values as the machine, its lists and identities
/// number them (0 content, 1 loading, 2 error, 3 empty), and the look-ups between the two.

/// The library's keys, as identities number them: literals, which cost nothing to copy.
func libraryKey(_ code: Int) -> String {
    switch code {
    case 0: return "content"
    case 1: return "loading"
    case 2: return "error"
    default: return "empty"
    }
}

let libraryKeyCount = 4

/// The library's four keys by their bits first: a key is nearly always one of them, written
/// as a literal or read back from an identity, so a small string whose two words are the
/// literal's. Two strings with the same bits are the same text; the same text may have
/// other bits (a string made in a larger buffer), so a key of one of the lengths that
/// matches none is compared as text. Explore looks keys up several times a step, and
/// comparing strings was a tenth of encoding an identity.
@inline(__always)
func libraryKeyIndex(_ key: String) -> Int? {
    let bits = stringBits(key)
    if bits == stringBits("content") { return 0 }
    if bits == stringBits("loading") { return 1 }
    if bits == stringBits("error") { return 2 }
    if bits == stringBits("empty") { return 3 }
    return libraryKeyIndexByText(key)
}

private func libraryKeyIndexByText(_ key: String) -> Int? {
    switch key.utf8.count {
    case 7 where key == "content": return 0
    case 7 where key == "loading": return 1
    case 5 where key == "error": return 2
    case 5 where key == "empty": return 3
    default: return nil
    }
}

/// A string's two words as they are: no reference is counted or followed, and equal words
/// are equal strings.
@inline(__always)
private func stringBits(_ text: String) -> (UInt64, UInt64) {
    unsafeBitCast(text, to: (UInt64, UInt64).self)
}
