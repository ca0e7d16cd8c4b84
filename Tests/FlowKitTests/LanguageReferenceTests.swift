@testable import FlowKit
import Foundation
import Testing
import TestSupport
@testable import FlowYAML
@testable import FlowExpressions

/// docs/language.md, the authors' reference, kept in step with what flowrun reads: the keys
/// each kind of mapping allows (the enums `unknown-key` checks against), the JSON Schema's
/// keys, the field types, functions, macros and diagnostic codes. A key the page lists that
/// flowrun does not read must be marked "not yet implemented", and one it reads must not be.
/// (ReferenceDocsTests validates the page's example flows.)
@Suite struct LanguageReferenceTests {
    static let page = MarkdownPage(path: "docs/language.md")

    /// Each key table's heading, with the keys flowrun allows in that kind of mapping.
    static let keyTables: [(heading: String, keys: [String])] = [
        ("Flow keys", FlowKey.allCases.map(\.rawValue)),
        ("Include and use keys", IncludeKey.allCases.map(\.rawValue) + UseKey.allCases.map(\.rawValue)),
        ("Screen keys", ScreenKey.allCases.map(\.rawValue)),
        ("Action keys", ActionKey.allCases.map(\.rawValue)),
        ("Field keys", FieldKey.allCases.map(\.rawValue)),
        ("Field types", FieldType.allCases.map(\.rawValue)),
        ("Option keys", OptionKey.allCases.map(\.rawValue)),
        ("Rule keys", RuleKey.allCases.map(\.rawValue)),
        ("Branch keys", BranchKey.allCases.map(\.rawValue)),
        ("Target keys", LaunchKey.allCases.map(\.rawValue)),
        ("Command keys", CommandKey.allCases.map(\.rawValue)),
        ("Exit keys", ExitKey.allCases.map(\.rawValue)),
    ]

    @Test(arguments: keyTables.map(\.heading))
    func keyTableListsEveryKey(heading: String) throws {
        let keys = try #require(Self.keyTables.first { $0.heading == heading }).keys
        let rows = Self.page.tableRows(under: heading)
        let documented = rows.map(\.key)
        #expect(!rows.isEmpty, "docs/language.md has no table under '### \(heading)'")
        for key in keys where !documented.contains(key) {
            Issue.record("docs/language.md, '\(heading)': no row for `\(key)`, which flowrun reads")
        }
        for row in rows {
            let unimplemented = row.text.contains("not yet implemented")
            if keys.contains(row.key), unimplemented {
                Issue.record("docs/language.md, '\(heading)': `\(row.key)` is marked not yet implemented, but flowrun reads it")
            } else if !keys.contains(row.key), !unimplemented {
                Issue.record("docs/language.md, '\(heading)': `\(row.key)` is no key flowrun reads; mark it \"not yet implemented\" or remove it")
            }
        }
    }

    @Test func everySchemaKeyIsDocumented() {
        var names: Set<String> = []
        Self.collectPropertyNames(FlowSchema.schema, into: &names)
        #expect(names.count > 40, "the schema walk found too few keys: \(names.sorted())")
        let documented = Set(Self.keyTables.flatMap { Self.page.tableRows(under: $0.heading).map(\.key) })
        for name in names.sorted() where !documented.contains(name) {
            Issue.record("docs/language.md has no key-table row for `\(name)`, a key of the JSON Schema")
        }
    }

    @Test func everyDiagnosticCodeIsListedWithItsSeverity() {
        let rows = Self.page.tableRows(under: "12. Diagnostics")
        for code in DiagnosticCode.allCases {
            guard let row = rows.first(where: { $0.key == code.rawValue }) else {
                Issue.record("docs/language.md §12 has no row for `\(code.rawValue)`")
                continue
            }
            #expect(row.cells.dropFirst().first == code.severity.rawValue, "`\(code.rawValue)` is a \(code.severity.rawValue)")
        }
        let codes = Set(DiagnosticCode.allCases.map(\.rawValue))
        for row in rows where !codes.contains(row.key) {
            Issue.record("docs/language.md §12 lists `\(row.key)`, which is no diagnostic code")
        }
    }

    @Test func everyFunctionAndMacroIsListed() {
        let functions = Self.page.section(under: "Functions")
        for function in BuiltinFunction.allCases where !functions.contains("\(function.rawValue)(") {
            Issue.record("docs/language.md, 'Functions': \(function.rawValue)() is not listed")
        }
        let macros = Self.page.section(under: "Macros")
        for macro in Macro.allCases where !macros.contains("\(macro.rawValue)(") {
            Issue.record("docs/language.md, 'Macros': \(macro.rawValue)() is not listed")
        }
    }

    /// The keys of every `properties` object in the schema, at any depth.
    static func collectPropertyNames(_ value: JSONValue, into names: inout Set<String>) {
        switch value {
        case .object(let entries):
            if case .object(let properties)? = entries["properties"] { names.formUnion(properties.keys) }
            for entry in entries.values { collectPropertyNames(entry, into: &names) }
        case .array(let values):
            for entry in values { collectPropertyNames(entry, into: &names) }
        default:
            break
        }
    }
}
