import Foundation
import Testing
import TestSupport

/// What the README tells a user to install beside the binary: the shell completions
/// swift-argument-parser generates, and the man page (`docs/flowrun.1`).
@Suite struct ShellIntegrationTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func eachShellsCompletionScriptIsProduced(shell: String) throws {
        let outcome = try FlowrunProcess.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for command in ["validate", "test", "chain", "graph", "schema", "lsp"] {
            #expect(outcome.stdout.contains(command), "\(shell): \(command) is not completed")
        }
        // The shell itself reads the script without running it, where it is installed.
        let checker = ["bash": "/bin/bash", "zsh": "/usr/bin/zsh", "fish": "/usr/bin/fish"][shell] ?? ""
        guard FileManager.default.isExecutableFile(atPath: checker) else { return }
        let directory = try FlowrunProcess.temporaryDirectory()
        let script = directory.appendingPathComponent("flowrun.\(shell)")
        try outcome.stdout.write(to: script, atomically: true, encoding: .utf8)
        let parsed = try ProcessRunner.run(checker, ["-n", script.path])
        #expect(parsed.status == 0, "\(shell) -n: \(parsed.stderr)")
    }

    static let manPage = Fixtures.packageRoot.appendingPathComponent("docs/flowrun.1")

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "man is not installed: the man page is not rendered"))
    func theManPageRendersAndNamesEveryCommand() throws {
        let outcome = try ProcessRunner.run("/usr/bin/man", ["-l", Self.manPage.path], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        let rendered = outcome.stdout.replacingOccurrences(of: "\u{8}", with: "")
        let help = try FlowrunProcess.run(["--help"]).stdout
        // Every subcommand `--help` lists is in the page: a page older than the tool fails here.
        let commands = (help.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n") ?? [])
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.contains("See 'flowrun help") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 7, "\(help)")
        for command in commands {
            #expect(rendered.contains("\n     \(command) ") || rendered.contains("\n     \(command)\n"),
                    "\(command) is not in the man page (docs/generate-man-page.sh writes it)")
        }
        #expect(rendered.contains("--trust"))
        // It points at the reference pages the repository ships.
        let joined = rendered.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for page in ["docs/language.md", "docs/cli.md"] {
            #expect(joined.contains(page), "the man page does not name \(page)")
        }
    }
}
