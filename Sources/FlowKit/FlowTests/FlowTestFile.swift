import FoundationEssentials
import FlowYAML
import FlowExpressions

/// A flow test file (`*.flowtest.yaml`, cli.md `test`): the flow under test and its
/// cases, every part with where it was written, so a failure points at its expectation.
public struct FlowTestFile: Sendable {
    /// The test file's own path, as given.
    public var file: String
    /// The flow file, as written: relative to the test file's folder.
    public var flow: Located<String>
    public var cases: [FlowTestCase]
    /// The time `now()` reads in every case that does not fix its own.
    public var now: Located<Date>?
    /// Stubs every case may use, after its own.
    public var commands: [CommandStub] = []

    /// The time `now()` reads when neither a case nor its file fixes one, so that tests
    /// never depend on the real time (cli.md).
    public static let defaultNow = Date(timeIntervalSince1970: 1_767_225_600)   // 2026-01-01T00:00:00Z
}

/// One scripted session and what must hold when it ends.
public struct FlowTestCase: Sendable {
    public var name: Located<String>
    /// Lines of input, as plain mode reads them: a field's answer or an action.
    public var input: [Located<String>]
    /// Answers given up front, as `--answers` gives them: `fieldid` or `flowid.fieldid`.
    public var answers: [(key: Located<String>, answer: PresetAnswer)]
    /// The environment variables `env.NAME` reads.
    public var environment: [String: String]
    public var expect: Expectations
    /// The time `now()` reads in this case.
    public var now: Located<Date>?
    /// The stand-ins for the programs the case's run starts.
    public var commands: [CommandStub] = []
}

/// What a case checks at the end of its run; an expectation left out is not checked.
public struct Expectations: Sendable {
    public var status: Located<RunOutcome.Status>?
    public var exitCode: Located<Int>?
    /// The last screen shown: `flowid/screenid`, or a screen id alone.
    public var screen: Located<String>?
    /// Every screen shown, exactly.
    public var path: Located<[String]>?
    /// Screens shown in this order, others allowed between them.
    public var pathIncludes: [Located<String>]?
    /// Variables that must have these values (`ValueSubset`); others are not checked.
    public var values: [ExpectedValue] = []
    /// The flows `values` names, each of which must be one of the flow's, with variables
    /// listed or none (`{}`).
    public var valueFlows: [Located<String>] = []
    /// The run's final message (an `exit`'s or a stop's), whole, as shown.
    public var message: Located<String>?
    /// Messages said (a branch's `say`), in this order, others allowed between them.
    public var said: [Located<String>] = []
    /// Texts shown on screens (a flow's title, a screen's title or text), each within one
    /// of them, in this order, others allowed between them; a later one may be further
    /// along the text that holds the one before it.
    public var shown: [Located<String>] = []
}

/// `values: { flowid: { name: value } }`: one variable's expected value.
public struct ExpectedValue: Sendable {
    public var flow: Located<String>
    public var name: Located<String>
    public var value: Value
    /// Where the value is written.
    public var location: SourceLocation
}
