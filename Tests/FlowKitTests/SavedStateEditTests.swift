import FlowKit
import Foundation
import Testing
import TestSupport
import FlowExpressions

/// A state file edited by hand is either refused on resume, or it is a state the flow
/// could be in: 600 random single-value edits (a value replaced, a key added or removed)
/// of states saved along a run of Flows/signin.yaml.
@Suite struct SavedStateEditTests {
    static let script = ["sign_in", "alice", "guess", "submit", "retry", "", "wonderland", "submit", "open_settings", "", "2", "save", "quit"]
    /// What the resumed run types when asked a secret again: the last password typed.
    static let secrets = ["password": "wonderland"]

    /// Values an edit puts somewhere: every JSON kind, and some that fit a few places.
    static var replacements: [Any] { [0, 1, -1, 7, 99_999, 2.5, "abc", "", "alice", "dark", "contrast", "login/welcome",
                                      "main/home", true, false, NSNull(), [Any](), [String: Any](), ["x"], [1, 2], ["a": 1]] }

    @Test func everyEditIsRefusedOrGivesAStateTheFlowCouldBeIn() throws {
        let stops = [1, 2, 4, 5, 7, 9, 11]
        var saves: [[UInt8]] = []
        for stop in stops {
            var original = try SessionDriver(fileAt: Fixtures.packageRoot.appendingPathComponent("Flows/signin.yaml").path)
            for line in Self.script.prefix(stop) { original.enter(line) }
            saves.append(original.session.savedState())
        }
        let tree = try SessionDriver(fileAt: Fixtures.packageRoot.appendingPathComponent("Flows/signin.yaml").path).session.tree
        var rng = SeededGenerator(state: 25)
        var refused = 0, accepted = 0
        for edit in 0..<600 {
            let stop = stops[edit % stops.count]
            let saved = saves[edit % stops.count]
            var document = try #require(try JSONSerialization.jsonObject(with: Data(saved)) as? [String: Any])
            let description = Self.edit(&document, &rng)
            let edited = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
            guard let restored = try? Session(tree: tree, restoring: [UInt8](edited)) else {
                refused += 1
                continue
            }
            accepted += 1
            // Nothing was dropped or coerced on the way in: saved again, it reads the same (added
            // keys aside on both sides: the reader ignores one where the format has none). The
            // secrets to ask again are the flow's to say (cli.md 1.2): recomputed, the list may
            // only grow back to what the flow asks.
            let again = try JSONSerialization.jsonObject(with: Data(restored.savedState()))
            #expect(Self.withoutAddedKeys(Self.withoutSecretsToAsk(again)) as? NSDictionary
                        == Self.withoutAddedKeys(Self.withoutSecretsToAsk(document)) as? NSDictionary,
                    "edit \(edit) (\(description)) changed on the way in")
            #expect(Set(Self.secretsToAsk(document)).isSubset(of: Set(Self.secretsToAsk(again))),
                    "edit \(edit) (\(description)): a secret to ask again was dropped")
            // The rest of the run reads every value as the flow types it: no expression fails
            // that does not fail from the unedited state, and no value changes kind.
            let unedited = try Session(tree: tree, restoring: saved)
            let (referenceWarnings, referenceValues) = Self.finish(unedited, from: stop)
            let (warnings, values) = Self.finish(restored, from: stop)
            #expect(Set(warnings).isSubset(of: Set(referenceWarnings)), "edit \(edit) (\(description)): \(warnings)")
            #expect(Self.sameKinds(Self.kinds(values), Self.kinds(referenceValues)), "edit \(edit) (\(description))")
        }
        #expect(refused > 100 && accepted > 50, "the edits must exercise both sides: \(refused) refused, \(accepted) accepted")
    }

    /// Runs the rest of the script (answering secrets asked again); the warnings given and
    /// the values at the end.
    static func finish(_ session: Session, from stop: Int) -> ([String], [String: [String: Value]]) {
        var driver = SessionDriver(session: session)
        while let asked = driver.fieldPrompt, asked.help?.hasPrefix("asked again") == true {
            driver.enter(secrets[asked.field.id] ?? "")
        }
        for line in script.dropFirst(stop) { driver.enter(line) }
        return (driver.warnings, driver.session.values)
    }

    /// Each value's kind (`null` for none): what a flow's expressions depend on.
    static func kinds(_ values: [String: [String: Value]]) -> [String: String] {
        var kinds: [String: String] = [:]
        for (flow, variables) in values {
            for (name, value) in variables { kinds["\(flow).\(name)"] = value == .null ? "null" : value.kindName }
        }
        return kinds
    }

    /// The same names, and the same kind wherever both hold a value.
    static func sameKinds(_ left: [String: String], _ right: [String: String]) -> Bool {
        Set(left.keys) == Set(right.keys) && left.allSatisfy { name, kind in kind == "null" || right[name] == "null" || right[name] == kind }
    }

    /// The saved list of secrets to ask again (`state.forgottenSecrets`).
    private static func secretsToAsk(_ document: Any) -> [String] {
        ((document as? [String: Any])?["state"] as? [String: Any])?["forgottenSecrets"] as? [String] ?? []
    }

    private static func withoutSecretsToAsk(_ document: Any) -> Any {
        guard var map = document as? [String: Any], var state = map["state"] as? [String: Any] else { return document }
        state["forgottenSecrets"] = nil
        map["state"] = state
        return map
    }

    private static func withoutAddedKeys(_ value: Any) -> Any {
        if let map = value as? [String: Any] {
            return map.filter { !$0.key.hasSuffix("_added") }.mapValues(withoutAddedKeys)
        }
        if let list = value as? [Any] { return list.map(withoutAddedKeys) }
        return value
    }

    /// Replaces, adds or removes one value somewhere in the saved document; says what.
    static func edit(_ document: inout [String: Any], _ rng: inout SeededGenerator) -> String {
        var paths: [[Any]] = []
        collect(document, at: [], into: &paths)
        guard let path = paths.randomElement(using: &rng) else { return "nothing" }
        let replacement = replacements.randomElement(using: &rng) ?? NSNull()
        let kind = Int.random(in: 0..<10, using: &rng)
        document = modify(document, along: path[...], kind: kind, replacement: replacement) as? [String: Any] ?? document
        return "\(kind < 7 ? "set" : kind < 9 ? "add to" : "remove") \(path.map { "\($0)" }.joined(separator: ".")) \(kind < 9 ? "\(replacement)" : "")"
    }

    private static func collect(_ value: Any, at path: [Any], into paths: inout [[Any]]) {
        if !path.isEmpty { paths.append(path) }
        if let map = value as? [String: Any] {
            // In key order: the same seed picks the same edits in every process.
            for (key, child) in map.sorted(by: { $0.key < $1.key }) { collect(child, at: path + [key], into: &paths) }
        } else if let list = value as? [Any] {
            for (index, child) in list.enumerated() { collect(child, at: path + [index], into: &paths) }
        }
    }

    /// Kind 0–6 replaces the value at the path; 7–8 adds a key or element beside it; 9 removes it.
    private static func modify(_ value: Any, along path: ArraySlice<Any>, kind: Int, replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        let last = path.count == 1
        if var map = value as? [String: Any], let key = step as? String {
            if last, kind >= 9 { map[key] = nil } else if last, kind >= 7 { map[key + "_added"] = replacement } else {
                map[key] = modify(map[key] ?? NSNull(), along: path.dropFirst(), kind: kind, replacement: replacement)
            }
            return map
        }
        if var list = value as? [Any], let index = step as? Int, list.indices.contains(index) {
            if last, kind >= 9 { list.remove(at: index) } else if last, kind >= 7 { list.insert(replacement, at: index) } else {
                list[index] = modify(list[index], along: path.dropFirst(), kind: kind, replacement: replacement)
            }
            return list
        }
        return value
    }
}
