import FlowKit
import Testing
import TestSupport

/// GitHub Actions workflow commands: exact syntax, and the toolkit's escaping.
@Suite struct GitHubReporterTests {
    private let output = GitHubReporter().render(SampleReports.reports)
    private var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    @Test func escapingIsTheToolkits() {
        #expect(GitHubReporter.escapeData("100% a,b: c\r\nd\re\nf") == "100%25 a,b: c%0D%0Ad%0De%0Af")
        #expect(GitHubReporter.escapeProperty("100% a,b: c\r\nd\re\nf") == "100%25 a%2Cb%3A c%0D%0Ad%0De%0Af")
        #expect(GitHubReporter.escapeData("%25") == "%2525", "an escape in the input is not taken as one")
        #expect(GitHubReporter.escapeProperty("日本::x=y") == "日本%3A%3Ax=y")
    }

    @Test func anErrorIsOneCommandWithNotesAndFixOnLinesOfTheirOwn() {
        let file = "flows/we%2Cird%3Aname %2520.yaml"
        #expect(lines[0] == "::error file=\(file),line=4,col=11,endLine=4,endColumn=17,title=unknown-key::"
            + "unknown key 'tit\"le' <&> 100%25 off, see: a,b%0Anext line\\u{d}%0Alast\\u{1}\\u{1b}[31m 日本 {0} [here](1) back\\slash"
            + "%0Aflows/we,ird:name %2520.yaml:3:1: note: keys of a screen are listed here: <screen> & 'co'"
            + "%0Aflows/we,ird:name %2520.yaml:4:11: note: did you mean 'title'?")
    }

    @Test func aSpanOverSeveralLinesIsGivenByItsStart() {
        #expect(lines[1] == "::warning file=flows/we%2Cird%3Aname %2520.yaml,line=5,col=3,title=unreachable-screen::"
            + "screen 'other' is unreachable: nothing pushes it%0Aflows/we,ird:name %2520.yaml:5:3: note: push it from 'home', or remove it")
    }

    @Test func warningsAndErrorsKeepTheirSeverityAndPositionsWithoutAnEnd() {
        #expect(lines[2] == "::warning file=/abs/path with space/ünï.yaml,line=2,col=1,title=dead-end::screen 'ünï' leads nowhere")
        #expect(lines[3] == "::error file=big.yaml,line=1,col=1,title=file-too-large::the file is 99 bytes; flow files may be at most 10 bytes")
    }

    @Test func eachDiagnosticIsOneLineAndTheSummaryIsNotACommand() {
        #expect(lines.count == 6, "four commands, the summary, and the final newline")
        #expect(lines[4] == "2 errors, 2 warnings in 4 files")
        #expect(lines[5] == "")
        #expect(!output.unicodeScalars.contains("\r"))
        for line in lines.prefix(4) {
            #expect(line.hasPrefix("::error ") || line.hasPrefix("::warning "))
            // The properties end at the first "::" after the command name.
            let afterName = line.dropFirst(2).drop { $0 != " " }
            let properties = afterName.prefix { $0 != ":" }
            #expect(afterName.dropFirst(properties.count).hasPrefix("::"))
            #expect(properties.split(separator: ",").allSatisfy { $0.contains("=") })
        }
    }

    @Test func aCleanRunIsTheSummaryAlone() {
        let clean = [FileReport(file: "a.yaml", diagnostics: [], source: nil)]
        #expect(GitHubReporter().render(clean) == "0 errors, 0 warnings in 1 file\n")
    }

    @Test func matchesTheGoldenFile() throws {
        #expect(try Golden.matches(output, "hostile.github.txt"), "\(output)")
    }
}
