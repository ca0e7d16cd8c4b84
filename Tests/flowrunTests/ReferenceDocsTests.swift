import Foundation
import Testing
import TestSupport

/// The reference pages shipped in docs/, kept in step with the built binary: docs/cli.md
/// lists every subcommand and option the argument parser defines (read from the binary's
/// own description of its commands), and every example docs/language.md marks as a flow
/// (a fence written ```` ```yaml flow ````, or ```` ```yaml flow NAME.yaml ```` for a file
/// another example includes or uses) passes `validate --strict`; their links, and the
/// README's, stay inside the repository; and development.md's recipes name files that exist.
@Suite struct ReferenceDocsTests {
    /// A subcommand as the parser defines it: its name and its options' spellings.
    struct Command {
        let name: String
        /// Each option's spellings (`-o`, `--output`), leaving out `--help` and `--version`.
        let options: [[String]]
    }

    /// The commands and options of the built binary, from swift-argument-parser's
    /// `--experimental-dump-help`, the description it also writes the man page from.
    static func commands() throws -> [Command] {
        let outcome = try FlowrunProcess.run(["--experimental-dump-help"])
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let root = try #require(document?["command"] as? [String: Any])
        let subcommands = try #require(root["subcommands"] as? [[String: Any]])
        return subcommands.compactMap { command in
            guard let name = command["commandName"] as? String else { return nil }
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let options = arguments.compactMap { argument -> [String]? in
                let spellings = (argument["names"] as? [[String: Any]] ?? []).compactMap { spelling -> String? in
                    guard let kind = spelling["kind"] as? String, let text = spelling["name"] as? String else { return nil }
                    return kind == "short" ? "-\(text)" : "--\(text)"
                }
                let builtIn = spellings.contains("--help") || spellings.contains("--version")
                return spellings.isEmpty || builtIn ? nil : spellings
            }
            return Command(name: name, options: options)
        }
    }

    @Test func cliPageListsEverySubcommandAndOption() throws {
        let page = MarkdownPage(path: "docs/cli.md")
        let commands = try Self.commands()
        #expect(commands.map(\.name).contains("run") && commands.count >= 7, "the binary described \(commands.map(\.name))")
        let listed = page.tableRows(under: "Commands").flatMap(\.names).map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
        for command in commands where !listed.contains(command.name) {
            Issue.record("docs/cli.md, 'Commands': no row for `flowrun \(command.name)`")
        }
        for flag in ["--help", "-h", "--version", "--generate-completion-script"] where !page.text.contains("`\(flag)") {
            Issue.record("docs/cli.md does not mention \(flag)")
        }
        for command in commands where command.name != "help" {
            let heading = "`\(command.name)`"
            #expect(!page.section(under: heading).isEmpty, "docs/cli.md has no section '## \(heading)'")
            let rows = page.tableRows(under: heading)
            let documented = rows.flatMap { $0.names.map { String($0.split(separator: " ")[0]) } }
            for spellings in command.options {
                for spelling in spellings where !documented.contains(spelling) {
                    Issue.record("docs/cli.md, \(heading): no row for \(spelling)")
                }
            }
            let defined = Set(command.options.joined())
            for row in rows where !row.names.contains(where: { defined.contains(String($0.split(separator: " ")[0])) }) {
                if !row.text.contains("not yet implemented") {
                    Issue.record("docs/cli.md, \(heading): \(row.key) is no option of `flowrun \(command.name)`; mark it \"not yet implemented\" or remove it")
                }
            }
        }
    }

    /// The README and the reference pages link within the repository only (a clone has
    /// nothing beside it), to files that exist and headings they have.
    @Test(arguments: ["README.md", "docs/language.md", "docs/cli.md", "docs/development.md"])
    func linksResolveInsideTheRepository(path: String) {
        let page = MarkdownPage(path: path)
        let folder = (path as NSString).deletingLastPathComponent
        for target in page.linkTargets where !target.hasPrefix("http://") && !target.hasPrefix("https://") {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? path : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
            let url = Fixtures.packageRoot.appendingPathComponent(file)
            guard !file.hasPrefix(".."), FileManager.default.fileExists(atPath: url.path) else {
                Issue.record("\(path): the link to '\(target)' leads to no file of the repository")
                continue
            }
            if parts.count == 2, file.hasSuffix(".md"), !MarkdownPage(path: file).anchors.contains(parts[1]) {
                Issue.record("\(path): the link to '\(target)' names no heading of \(file)")
            }
        }
    }

    /// The recipes of docs/development.md name files where they are: every path under
    /// `Sources/` or `Tests/` a recipe writes exists, but for the new file it has you add
    /// (`NewCheck.swift`, a `<name>` placeholder).
    @Test(arguments: ["Recipe: add a field type", "Recipe: add a diagnostic", "Recipe: add an output format",
                      "Recipe: add a handler step (a transition)"])
    func developmentRecipeNamesFilesThatExist(heading: String) throws {
        let recipe = MarkdownPage(path: "docs/development.md").section(under: heading)
        let paths = recipe.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { ($0.hasPrefix("Sources/") || $0.hasPrefix("Tests/")) && !$0.contains(" ") }
        #expect(paths.count >= 4, "docs/development.md, '\(heading)': \(paths)")
        for path in paths where !path.contains("<") && !path.contains("/New") {
            let url = Fixtures.packageRoot.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: url.path), "docs/development.md, '\(heading)': no \(path)")
        }
    }

    @Test func languagePageExamplesValidate() throws {
        let page = MarkdownPage(path: "docs/language.md")
        let examples = page.codeBlocks.filter { $0.info.first == "yaml" && $0.info.dropFirst().first == "flow" }
        #expect(examples.count >= 10, "docs/language.md has \(examples.count) example flows")
        let folder = try FlowrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lineOf: [String: Int] = [:]
        for (index, example) in examples.enumerated() {
            let name = example.info.count > 2 ? example.info[2] : "example-\(index + 1).yaml"
            #expect(lineOf[name] == nil, "two examples are both \(name)")
            lineOf[name] = example.line
            try example.text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let outcome = try FlowrunProcess.run(["validate", "--strict", folder.path], environment: ["NO_COLOR": "1"])
        let where_ = lineOf.sorted { $0.value < $1.value }.map { "\($0.key): docs/language.md:\($0.value)" }.joined(separator: "\n")
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)\nthe examples:\n\(where_)")
    }

    /// docs/flow-tests.md opens with a test file of the demo that uses every key: it passes.
    @Test func flowTestsPageSamplePasses() throws {
        let sample = try #require(MarkdownPage(path: "docs/flow-tests.md").codeBlocks.first { $0.info.first == "yaml" })
        let folder = try FlowrunProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for flow in ["signin.yaml", "reset-password.yaml"] {
            try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Flows/\(flow)"), to: folder.appendingPathComponent(flow))
        }
        try sample.text.write(to: folder.appendingPathComponent("sample.flowtest.yaml"), atomically: true, encoding: .utf8)
        let outcome = try FlowrunProcess.run(["test", "sample.flowtest.yaml"], directory: folder, environment: ["NO_COLOR": "1"])
        #expect(outcome.status == 0, "docs/flow-tests.md:\(sample.line): \(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("1 case: 1 passed"), "\(outcome.stdout)")
    }

    /// docs/flowrun.1 lists every option of every subcommand under that subcommand: a page
    /// older than the tool fails here (docs/generate-man-page.sh writes it anew).
    @Test func manPageListsEveryOption() throws {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/flowrun.1"), encoding: .utf8)
        let sections = Dictionary(page.components(separatedBy: "\n.It Em ").dropFirst().map { section in
            (String(section.prefix { !$0.isNewline }), section)
        }) { first, _ in first }
        for command in try Self.commands() where command.name != "help" {
            let section = try #require(sections[command.name], "docs/flowrun.1 has no section for \(command.name)")
            let items = section.split(separator: "\n").filter { $0.hasPrefix(".It Fl ") }
                .flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "," }) }.map(String.init)
            for long in command.options.joined() where long.hasPrefix("--") && !items.contains(String(long.dropFirst())) {
                Issue.record("docs/flowrun.1, \(command.name): no \(long) (docs/generate-man-page.sh writes the page anew)")
            }
        }
    }
}
