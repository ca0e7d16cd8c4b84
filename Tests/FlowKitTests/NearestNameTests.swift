import FlowKit
import Testing
import FlowYAML

/// Suggestions for misspelled names.
@Suite struct NearestNameTests {
    @Test(arguments: [
        ("titel", ["title", "text", "fields"], "title"),
        ("usernme", ["password", "username"], "username"),
        ("atempts", ["attempts"], "attempts"),
        ("Title", ["title"], "title"),
        ("sise", ["size", "string"], "size"),
        ("strat", ["start", "state"], "start"),
    ])
    func suggestsTheNearest(name: String, candidates: [String], expected: String) {
        #expect(NearestName.suggest(name, among: candidates) == expected)
    }

    @Test(arguments: [
        ("x", ["y", "z"]),
        ("ab", ["cd"]),
        ("completely", ["different"]),
        ("title", ["title"]),
        ("anything", []),
    ])
    func suggestsNothingImplausible(name: String, candidates: [String]) {
        #expect(NearestName.suggest(name, among: candidates) == nil)
    }

    @Test func theThresholdGrowsWithTheName() {
        // 12 scalars allow 4 edits; 4 scalars allow only 2.
        #expect(NearestName.suggest("abcdefghijkl", among: ["abcdefghwxyz"]) == "abcdefghwxyz")
        #expect(NearestName.suggest("abcd", among: ["axyz"]) == nil)
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        // Levenshtein alone counts 2 for 'ab' → 'ba', which a 2-scalar name cannot afford here.
        #expect(NearestName.suggest("fiedls", among: ["fields", "files"]) == "fields")
    }

    @Test func tiesGoToTheFirstCandidate() {
        #expect(NearestName.suggest("cat", among: ["bat", "hat"]) == "bat")
        #expect(NearestName.suggest("cat", among: ["hat", "bat"]) == "hat")
    }
}
