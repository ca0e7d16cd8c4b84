import FlowKit
import Foundation
import Testing
import TestSupport
import FlowExpressions

/// google/cel-spec's `simple` conformance data (`../shared/conformance/cel-spec`), run
/// against flowrun's expressions wherever a case stays inside the subset of spec §9: each
/// must give CEL's value, or fail where CEL fails. Cases outside the subset are skipped
/// for a stated reason; cases inside it that do not pass yet are listed, with why, in
/// `Fixtures/CEL/known-gaps.txt`, and the list may only shrink.
@Suite struct CELConformanceTests {
    static let folder: URL? = Fixtures.sharedFolder?.appendingPathComponent("conformance/cel-spec")

    struct Case: CustomStringConvertible, Sendable {
        let id: String
        let expression: String
        let disableCheck: Bool
        /// The value CEL gives, or nil where it gives an error.
        let expected: Value?
        var description: String { id }
    }

    /// A case, or why it is outside the subset.
    enum Reading {
        case inSubset(Case)
        case skipped(id: String, reason: String)
    }

    static let readings: [Reading] = {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".textproto") }.sorted().flatMap { name -> [Reading] in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                  let file = TextProto(parsing: text) else { return [.skipped(id: name, reason: "the file cannot be read")] }
            let fileName = String(name.dropLast(".textproto".count))
            return file.messages("section").flatMap { section in
                section.messages("test").map { test in reading(test, id: "\(fileName)/\(section.scalar("name") ?? "")/\(test.scalar("name") ?? "")") }
            }
        }
    }()

    static func file(of reading: Reading) -> String {
        let id = switch reading {
        case .inSubset(let test): test.id
        case .skipped(let id, _): id
        }
        return String(id.prefix { $0 != "/" })
    }

    static var cases: [Case] { readings.compactMap { if case .inSubset(let test) = $0 { test } else { nil } } }

    /// The known gaps: `file/section/test reason`, one a line.
    static let knownGaps: [String: String] = {
        let url = Fixtures.url("CEL/known-gaps.txt", besides: #filePath)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        return Dictionary(text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }) { first, _ in first }
    }()

    /// Outside the subset: CEL's types and functions that flow expressions do not have.
    static let outsideSubset: [(pattern: String, reason: String)] = [
        (#"\b\d+[uU]\b|\buint\("#, "uint"), (#"\bbool\("#, "bool() conversion"), (#"\bb["']|\bbytes\("#, "bytes"), (#"duration\(|timestamp\("#, "duration/timestamp"),
        (#"google\.|TestAllTypes|cel\.expr|proto[23]?\."#, "protobuf messages"), (#"optional|\?\.|\.\?|\[\?"#, "optional types"),
        (#"\btype\(|\bdyn\(|\bint64\b|\bdouble\b\s*[=!]=|\bstring\b\s*[=!]=|\bnull_type\b|\bbool\b\s*[=!]=|\blist\b\s*[=!]=|\bmap\b\s*[=!]="#, "type values"),
        (#"\bmath\.|\bbase64\.|\bsets\.|\bext\."#, "other extensions"), (#"\.format\(|\bformat\("#, "string formatting"),
        (#"\.(all|exists|exists_one|existsOne)\(\s*\w+\s*,\s*\w+\s*,|transformList|transformMap|existsOne"#, "two-variable comprehensions"),
        (#"\breverse\(|\bto(Upper|Lower)Case\b|\bcharAt\b.*\bcharAt\b.*\bcharAt\b.*\bcharAt\b"#, "not in the subset"),
        // Flow values key maps by strings, as YAML mappings and JSON objects do (docs/decisions.md).
        (#"[{,]\s*(-?\d+(\.\d+)?[uU]?|true|false|null)\s*:|\b\d+\s+in\s+\{"#, "maps keyed by ints, bools or null"),
        (#"`"#, "quoted field names"),
    ]

    static func reading(_ test: TextProto, id: String) -> Reading {
        guard let expression = test.scalar("expr") else { return .skipped(id: id, reason: "no expression") }
        if test["type_env"] != nil || test["bindings"] != nil { return .skipped(id: id, reason: "declares variables") }
        if test["container"] != nil { return .skipped(id: id, reason: "a container") }
        if test.scalar("check_only") == "true" { return .skipped(id: id, reason: "type checking only") }
        for (pattern, reason) in outsideSubset where expression.range(of: pattern, options: .regularExpression) != nil {
            return .skipped(id: id, reason: reason)
        }
        let disableCheck = test.scalar("disable_check") == "true"
        if test["eval_error"] != nil || test["any_eval_errors"] != nil {
            return .inSubset(Case(id: id, expression: expression, disableCheck: disableCheck, expected: nil))
        }
        guard case .message(let result)? = test["value"] else {
            if test["typed_result"] != nil { return .skipped(id: id, reason: "a typed result") }
            // A case with no result expects true.
            return .inSubset(Case(id: id, expression: expression, disableCheck: disableCheck, expected: .bool(true)))
        }
        guard let value = value(result) else { return .skipped(id: id, reason: "a result of a type outside the subset") }
        return .inSubset(Case(id: id, expression: expression, disableCheck: disableCheck, expected: value))
    }

    /// A `cel.expr.Value` as a flow value; nil for the kinds flow expressions lack.
    static func value(_ message: TextProto) -> Value? {
        guard let (kind, field) = message.fields.first else { return nil }
        switch (kind, field) {
        case ("int64_value", .scalar(let text)): return Int(text).map(Value.int)
        case ("double_value", .scalar(let text)):
            switch text.lowercased() {
            case "inf", "infinity": return .double(.infinity)
            case "-inf", "-infinity": return .double(-.infinity)
            case "nan": return .double(.nan)
            default: return Double(text).map(Value.double)
            }
        case ("string_value", .scalar(let text)): return .string(text)
        case ("bool_value", .scalar(let text)): return .bool(text == "true")
        case ("null_value", _): return .null
        case ("list_value", .message(let list)):
            let elements = list.messages("values").map(value)
            return elements.contains { $0 == nil } ? nil : .list(elements.compactMap { $0 })
        case ("map_value", .message(let map)):
            var entries: [String: Value] = [:]
            for entry in map.messages("entries") {
                guard let key = entry.messages("key").first.flatMap(value), case .string(let name) = key,
                      let item = entry.messages("value").first.flatMap(value) else { return nil }
                entries[name] = item
            }
            return .map(entries)
        default:
            return nil
        }
    }

    /// What flowrun gives for a case: its value, or nil for an error (of parsing,
    /// checking, or evaluation).
    static func outcome(of test: Case) -> Value? {
        guard case .success(let parsed) = ExpressionParser.parse(test.expression) else { return nil }
        let scope = ExpressionTestScope(values: [:])
        if !test.disableCheck, !ExpressionChecker.check(parsed, in: scope).issues.isEmpty { return nil }
        guard case .success(let value) = Evaluator.evaluate(parsed, in: scope) else { return nil }
        return value
    }

    /// CEL's equality of results, with NaN equal to NaN (as the data writes it).
    static func same(_ a: Value?, _ b: Value?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.double(let x)?, .double(let y)?) where x.isNaN && y.isNaN: return true
        case (.list(let xs)?, .list(let ys)?): return xs.count == ys.count && zip(xs, ys).allSatisfy { same($0, $1) }
        case (.map(let xs)?, .map(let ys)?): return xs.keys == ys.keys && xs.keys.allSatisfy { same(xs[$0], ys[$0]) }
        default: return a == b
        }
    }

    @Test(.enabled(if: folder != nil, "../shared/conformance/cel-spec is absent: skipping CEL's conformance data"))
    func theDataIsReadAndMostOfItIsInTheSubset() {
        #expect(Self.readings.count > 1_000)
        #expect(Self.cases.count > 400)
        let failing = Self.cases.filter { !Self.same(Self.outcome(of: $0), $0.expected) }
        var reasons: [String: Int] = [:]
        for case .skipped(_, let reason) in Self.readings { reasons[reason, default: 0] += 1 }
        let skipped = reasons.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("cel-spec: \(Self.readings.count) cases, \(Self.cases.count) in the subset (\(Self.cases.count - failing.count) pass, \(failing.count) listed in known-gaps.txt), outside it: \(skipped)")
        // Per file: cases in the subset that pass, of those in the subset, of all.
        let files = Set(Self.readings.map(Self.file(of:))).sorted()
        print("cel-spec per file: " + files.map { file in
            let all = Self.readings.filter { Self.file(of: $0) == file }
            let inSubset = Self.cases.filter { $0.id.hasPrefix(file + "/") }
            let passing = inSubset.filter { test in !failing.contains { $0.id == test.id } }
            return "\(file) \(passing.count)/\(inSubset.count)/\(all.count)"
        }.joined(separator: ", "))
        #expect(failing.allSatisfy { Self.knownGaps[$0.id] != nil })
        let ids = Set(Self.cases.map(\.id))
        let stale = Self.knownGaps.keys.filter { !ids.contains($0) }.sorted()
        #expect(stale.isEmpty, "known gaps that are no case in the subset: \(stale)")
        let unreadable = Self.readings.compactMap { if case .skipped(let id, "the file cannot be read") = $0 { id } else { nil } }
        #expect(unreadable.isEmpty, "files the reader cannot read: \(unreadable)")
    }

    @Test(.enabled(if: folder != nil, "../shared/conformance/cel-spec is absent: skipping CEL's conformance data"), arguments: cases)
    func aCaseInTheSubsetGivesCELsResult(_ test: Case) {
        let passes = Self.same(Self.outcome(of: test), test.expected)
        if let gap = Self.knownGaps[test.id] {
            #expect(!passes, "\(test.id) passes now: take it off known-gaps.txt (\(gap))")
        } else {
            #expect(passes, "\(test.expression) gave \(String(describing: Self.outcome(of: test))), CEL gives \(String(describing: test.expected))")
        }
    }
}
