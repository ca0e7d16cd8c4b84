import Foundation
import Testing
import TestSupport

/// `flowrun lsp` with real clients: pytest-lsp (pygls' client) runs the protocol's
/// requests (`Tests/Tools/lsp`), and Neovim's built-in client shows a diagnostic where
/// the server placed it. Positions are checked with a line holding `日本` and an emoji
/// before the error, so a server counting scalars, or bytes, instead of UTF-16 code
/// units, or off by one, fails both.
@Suite(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: the language server's clients need it"))
struct LanguageServerTests {
    static let tools = Fixtures.packageRoot.appendingPathComponent("Tests/Tools")

    /// pytest-lsp, installed with pip when missing, as the other Python checks do.
    static let pytestLSPAvailable: Bool = {
        if (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import pytest_lsp"]))?.status == 0 { return true }
        _ = try? ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pip", "install", "--quiet", "pytest-lsp"], timeout: 600)
        return (try? ProcessRunner.run("/usr/bin/env", ["python3", "-c", "import pytest_lsp"]))?.status == 0
    }()

    @Test func pytestLSPDrivesEveryRequest() throws {
        try #require(Self.pytestLSPAvailable, "pytest-lsp could not be installed")
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                                             Self.tools.appendingPathComponent("lsp").path],
                                            environment: ["FLOWRUN_BIN": FlowrunProcess.executable.path], timeout: 600)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("10 passed"), "\(outcome.stdout)")
    }

    static let neovim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: neovim != nil, "Neovim is not installed (CI installs Debian's neovim): skipping its client"))
    func neovimShowsTheDiagnosticWhereTheServerPutIt() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        try "version: 1\nflow: app\nstart: home\nscreens:\n  home:\n    text: \"日本😀 {{ nosuch }}\"\n    actions: [quit]\n"
            .write(to: directory.appendingPathComponent("wide.yaml"), atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("diagnostics.json")
        let outcome = try ProcessRunner.run(try #require(Self.neovim),
                                            ["--headless", "-u", Self.tools.appendingPathComponent("nvim/init.lua").path, "wide.yaml"],
                                            directory: directory,
                                            environment: ["FLOWRUN_BIN": FlowrunProcess.executable.path, "FLOWRUN_NVIM_OUT": output.path],
                                            timeout: 60)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let data = try Data(contentsOf: output)
        let found = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(found.count == 1)
        // Neovim counts columns in bytes: `    text: "` is 11, 日本 6, 😀 4, ` {{ ` 4.
        #expect(found.first?["lnum"] as? Int == 5)
        #expect(found.first?["col"] as? Int == 25)
        #expect(found.first?["end_col"] as? Int == 31)
        #expect(found.first?["code"] as? String == "unknown-name")
    }
}
