@testable import FlowKit
import Foundation
import Testing
import TestSupport
@testable import FlowYAML
@testable import FlowExpressions

/// The recipe "add a field type" of docs/development.md holds: every `FieldType` has one
/// kind in `FieldKinds/`, registered in `FieldType.kind`, and a fixture in
/// `Fixtures/FieldKinds` on which each part of the kind is exercised: the default check,
/// the parser, the constraints, the value type, the shown answer, the widget and the
/// generated candidates. The files the recipe names are the files such a type touches.
@Suite struct FieldKindTests {
    static let fixtures = Fixtures.url("FieldKinds", besides: #filePath)
    static let kinds = Fixtures.packageRoot.appendingPathComponent("Sources/FlowKit/FieldKinds")
    /// The files of `FieldKinds/` that are no one type's kind.
    static let shared: Set<String> = ["FieldKind.swift", "FieldType+Kind.swift", "FieldBounds.swift"]

    /// A fixture's flow, and what its header comments expect (`# key: value`).
    struct Fixture {
        let text: String
        let expected: [String: String]

        init(_ type: FieldType) throws {
            text = try String(contentsOf: FieldKindTests.fixtures.appendingPathComponent("\(type.rawValue).yaml"), encoding: .utf8)
            var expected: [String: String] = [:]
            for line in text.split(separator: "\n") where line.hasPrefix("# ") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                expected[String(line.dropFirst(2)[..<colon])] = String(line[line.index(after: colon)...].dropFirst())
            }
            self.expected = expected
        }

        func callAsFunction(_ key: String) throws -> String { try #require(expected[key], "the fixture has no '# \(key):'") }

        /// The field of the fixture, as the model holds it.
        func field() throws -> Field {
            let document = try #require(FlowLoader().load(Array(text.utf8), file: "flow.yaml").document)
            return try #require(document.root.screens.first?.fields.first)
        }
    }

    /// The type's name as its kind's type is named: `multichoice` → `MultichoiceKind`.
    static func kindName(_ type: FieldType) -> String { type.rawValue.prefix(1).uppercased() + type.rawValue.dropFirst() + "Kind" }

    @Test(arguments: FieldType.allCases)
    func aTypeChecksItsDefaultReadsAndRefusesLinesAndShowsItsAnswer(type: FieldType) throws {
        let fixture = try Fixture(type)
        #expect(Validator().validate(Array(fixture.text.utf8), file: "flow.yaml").diagnostics.isEmpty, "the default is valid")
        var driver = try SessionDriver(fixture.text)
        let prompt = try #require(driver.fieldPrompt)
        #expect(prompt.field.type == type)
        driver.enter(try fixture("refuses"))
        #expect(driver.refused == [try fixture("because")])
        driver.enter(try fixture("takes"))
        let value = try #require(driver.value("kinds", "answer"))
        let literal = try #require(YAMLParser().parse(Array(try fixture("sets").utf8), file: "").tree.documents.first)
        #expect(value == Value(literal: literal))
        #expect(ExpressionType(of: value) == (try fixture.field()).valueType, "the value has the type expressions see")
        #expect(prompt.shown(answer: value, isSecret: prompt.isSecret) == (try fixture("shows")))
    }

    @Test(arguments: FieldType.allCases)
    func theFormAsksATypeWithItsWidgetAndEnterTakesTheDefault(type: FieldType) throws {
        var driver = try SessionDriver(try Fixture(type).text)
        let prompt = try #require(driver.fieldPrompt)
        var form = Form()
        form.ask(prompt)
        #expect(form.render(width: 80, style: TextStyle(enabled: false)).lines.first?.hasPrefix("Answer") == true)
        guard case .answer(let line) = form.handle(.enter) else {
            Issue.record("Enter does not answer")
            return
        }
        driver.enter(line)
        #expect(driver.refused.isEmpty)
        #expect(driver.value("kinds", "answer") == prompt.defaultValue)
    }

    @Test(arguments: FieldType.allCases)
    func aGeneratedTestTriesAnswersTheTypeTakes(type: FieldType) throws {
        let driver = try SessionDriver(try Fixture(type).text)
        let prompt = try #require(driver.session.prompt)
        let tree = driver.session.tree
        let lines = InputCandidates(tree: tree, live: LiveValues(tree: tree)).lines(for: prompt, in: driver.session).filter { !$0.isEmpty }
        let taken = lines.filter { line in
            var attempt = driver
            attempt.enter(line)
            return attempt.refused.isEmpty
        }
        #expect(!taken.isEmpty, "\(lines)")
    }

    /// The schema's field types, and its words on which keys apply to which, come from the kinds.
    @Test func theSchemaDescribesTheTypesFromTheirKinds() throws {
        let definitions = try #require(try JSONSerialization.jsonObject(with: Data(FlowSchema.json.utf8)) as? [String: Any])["$defs"]
        let schema = try #require((definitions as? [String: Any])?["field"] as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(properties["type"]?["enum"] as? [String] == FieldType.allCases.map(\.rawValue))
        let condition = (schema["if"] as? [String: Any])?["properties"] as? [String: [String: [String]]]
        #expect(condition?["type"]?["enum"] == ["choice", "multichoice"], "options are required of the types that have them")
        #expect(properties["pattern"]?["description"] as? String == "For text and secret: a regular expression the whole answer must match.")
        #expect(properties["min"]?["description"] as? String
            == "Lower bound: of the value (integer, number), the length (text, secret) or the number of choices (multichoice).")
        #expect(properties["options"]?["description"] as? String
            == "For choice and multichoice: a list of values or { value, label }, or an expression giving a list.")
    }

    /// `FieldKinds/` holds one kind per type, named after it and registered for it, and
    /// the shared files; `Fixtures/FieldKinds` one fixture per type.
    @Test func everyTypeHasItsKindAndItsFixtureAndNothingElseIsThere() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.kinds.path))
        #expect(files == Self.shared.union(FieldType.allCases.map { Self.kindName($0) + ".swift" }))
        for type in FieldType.allCases { #expect("\(Swift.type(of: type.kind))" == Self.kindName(type)) }
        let fixtures = Set(try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path))
        #expect(fixtures == Set(FieldType.allCases.map { "\($0.rawValue).yaml" }))
    }

    /// The recipe's steps name at most four files, and each is there for every type:
    /// `<Name>` stands for `MultichoiceKind`'s `Multichoice`, `<name>` for `multichoice`.
    @Test func theRecipeNamesTheFourFilesANewTypeTouches() throws {
        let docs = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/development.md"), encoding: .utf8)
        let start = try #require(docs.range(of: "## Recipe: add a field type\n"))
        let section = docs[start.upperBound...]
        let recipe = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
        let paths = recipe.split(separator: "\n").filter { $0.first?.isNumber == true }.compactMap { step -> String? in
            guard let open = step.firstIndex(of: "`"), let close = step[step.index(after: open)...].firstIndex(of: "`") else { return nil }
            return String(step[step.index(after: open)..<close])
        }
        #expect(paths.count == 4, "\(paths)")
        var texts = ""
        for path in paths {
            for type in FieldType.allCases {
                let name = String(Self.kindName(type).dropLast(4))
                let file = path.replacingOccurrences(of: "<Name>", with: name).replacingOccurrences(of: "<name>", with: type.rawValue)
                let text = try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)
                #expect(text != nil, "\(file)")
                texts += text ?? ""
            }
        }
        for declaration in ["public enum FieldType", "var kind: any FieldKind", ": FieldKind {"] {
            #expect(texts.contains(declaration), "no file of the recipe holds '\(declaration)'")
        }
    }
}
