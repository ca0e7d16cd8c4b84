import FlowKit
import Testing
import TestSupport

/// JUnit XML: escaping, control characters, characters XML 1.0 forbids, counts, and `--strict`.
@Suite struct JUnitReporterTests {
    @Test func attributesEscapeMarkupQuotesAndWhitespace() {
        #expect(JUnitReporter.attribute("<a & \"b\" 'c'>\td\ne\r\nf") == "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;&#9;d&#10;e\\u{d}&#10;f")
    }

    @Test func textEscapesMarkupAndKeepsLines() {
        #expect(JUnitReporter.text("<a & \"b\">\td\ne\r\nf]]>") == "&lt;a &amp; \"b\"&gt;\td\ne\\u{d}\nf]]&gt;")
    }

    /// One rule for every text flowrun writes (`TerminalText`): control characters and
    /// bidirectional overrides are visible escapes; U+FFFE and U+FFFF, which XML forbids
    /// and no terminal acts on, become U+FFFD.
    @Test func controlCharactersAreVisibleEscapesAndNoncharactersReplaced() {
        let hostile = "a\u{0}b\u{1}c\u{8}d\u{B}e\u{C}f\u{1B}g\u{7F}h\u{85}i\u{9B}j\u{FFFE}k\u{FFFF}l\u{7}m\u{202E}n"
        let expected = #"a\u{0}b\u{1}c\u{8}d\u{b}e\u{c}f\u{1b}g\u{7f}h\u{85}i\u{9b}j"# + "\u{FFFD}k\u{FFFD}" + #"l\u{7}m\u{202e}n"#
        #expect(JUnitReporter.text(hostile) == expected)
        #expect(JUnitReporter.attribute(hostile) == expected)
        #expect(JUnitReporter.text("日本 ünï 🎉 \u{10FFFD}") == "日本 ünï 🎉 \u{10FFFD}", "other characters stay as they are")
    }

    @Test func warningsGoToSystemOutAndDoNotFail() {
        let xml = JUnitReporter().render(SampleReports.reports)
        #expect(xml.contains("<testsuites name=\"flowrun validate\" tests=\"4\" failures=\"2\" errors=\"0\">"))
        #expect(xml.contains("<testsuite name=\"flowrun validate\" tests=\"4\" failures=\"2\" errors=\"0\" skipped=\"0\">"))
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(xml.components(separatedBy: "<system-out>").count - 1 == 2)
        #expect(xml.contains("<testcase classname=\"flowrun.validate\" name=\"clean.yaml\"/>"))
        #expect(xml.contains("<failure type=\"unknown-key\" message=\"unknown key &apos;tit&quot;le&apos; &lt;&amp;&gt; 100% off, "
            + "see: a,b&#10;next line\\u{d}&#10;last\\u{1}\\u{1b}[31m 日本 {0} [here](1) back\\slash\">"))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, "no raw control characters")
    }

    @Test func strictMakesWarningsFailures() {
        let xml = JUnitReporter(strict: true).render(SampleReports.reports)
        #expect(xml.contains("<testsuites name=\"flowrun validate\" tests=\"4\" failures=\"3\" errors=\"0\">"))
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 4)
        #expect(!xml.contains("<system-out>"))
        #expect(xml.contains("<failure type=\"dead-end\" message=\"screen &apos;ünï&apos; leads nowhere\">"
            + "/abs/path with space/ünï.yaml:2:1: warning: screen 'ünï' leads nowhere [dead-end]</failure>"))
    }

    @Test func noFilesIsAnEmptySuite() {
        #expect(JUnitReporter().render([]) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="flowrun validate" tests="0" failures="0" errors="0">
          <testsuite name="flowrun validate" tests="0" failures="0" errors="0" skipped="0"/>
        </testsuites>

        """)
    }

    @Test func matchesTheGoldenFiles() throws {
        let plain = JUnitReporter().render(SampleReports.reports)
        let strict = JUnitReporter(strict: true).render(SampleReports.reports)
        #expect(try Golden.matches(plain, "hostile.junit.xml"), "\(plain)")
        #expect(try Golden.matches(strict, "hostile-strict.junit.xml"), "\(strict)")
    }

    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: JUnit not checked by ElementTree"))
    func pythonsParserAcceptsItAndCountsAgree() throws {
        let plain = JUnitReporter().render(SampleReports.reports)
        let strict = JUnitReporter(strict: true).render(SampleReports.reports)
        let plainProblems = try ReportValidator.problems(inJUnit: plain, expecting: .init(tests: 4, failedCases: 2, failures: 2, systemOuts: 2))
        #expect(plainProblems == nil, "\(plainProblems ?? "")")
        let strictProblems = try ReportValidator.problems(inJUnit: strict, expecting: .init(tests: 4, failedCases: 3, failures: 4, systemOuts: 0))
        #expect(strictProblems == nil, "\(strictProblems ?? "")")
    }

    @Test(.enabled(if: ReportValidator.pythonAvailable, "python3 is not installed: JUnit not checked by ElementTree"))
    func theCheckerRejectsWrongCountsAndIllFormedXML() throws {
        let plain = JUnitReporter().render(SampleReports.reports)
        let miscounted = try #require(try ReportValidator.problems(inJUnit: plain, expecting: .init(tests: 4, failedCases: 3, failures: 2, systemOuts: 2)))
        #expect(miscounted.contains("failed test cases: found 2, expected 3"), "\(miscounted)")
        let illFormed = plain.replacingOccurrences(of: "\\u{1b}", with: "\u{1}")
        let rejected = try #require(try ReportValidator.problems(inJUnit: illFormed, expecting: .init(tests: 4, failedCases: 2, failures: 2, systemOuts: 2)))
        #expect(rejected.contains("not well-formed"), "\(rejected)")
    }
}
