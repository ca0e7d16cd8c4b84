import FlowKit
import Testing

/// `computed` (spec §4 1.1): derived values, always in step with the variables they
/// read, read-only, in the result's values, and secret when they read a secret.
@Suite struct SessionComputedTests {
    static let flow = """
    version: 1
    flow: app
    start: s
    variables: { first: "", last: "" }
    computed:
      full: 'first + " " + last'
      shout: 'full.upperAscii()'
      masked: 'pin + full'
    screens:
      s:
        fields: [{ id: pin, type: secret }]
        actions: [rename, show, quit]
        on:
          rename: { set: { first: '"Grace"', last: '"Hopper"' }, say: "{{ shout }}" }
          show: { say: "{{ full }} / {{ masked }}" }
    flows: {}
    """

    @Test func aComputedValueFollowsTheVariablesItReads() throws {
        var run = try SessionDriver(Self.flow)
        run.enter("1234", "rename")
        #expect(run.said == ["GRACE HOPPER"])
        #expect(run.value("app", "full") == .string("Grace Hopper"), "the result's values hold computed values as they read at the end")
        run.enter("show")
        #expect(run.said.last == "Grace Hopper / ******", "a computed value that reads a secret is masked")
        #expect(run.session.holdsSecret(flow: "app", name: "pin"))
    }

    /// Spec §4 1.2: each computed value is evaluated at most once per evaluation, so a
    /// chain of forty, each reading the previous one twice, costs forty evaluations (not
    /// 2⁴⁰); and it still follows the variables it reads. A secret answered on the screen
    /// makes every read also ask whether the chain reads a secret, which is memoised too.
    @Test func fortyChainedComputedValuesEachReadingThePreviousTwiceAreQuick() throws {
        let chain = (1...40).map { "  c\($0): c\($0 - 1) + c\($0 - 1)" }.joined(separator: "\n")
        let clock = ContinuousClock()
        let started = clock.now
        var run = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { x: 1 }
        computed:
          c0: x
        \(chain)
        screens:
          s:
            title: "{{ c40 }}"
            fields: [{ id: pin, type: secret }]
            actions: [double, show, quit]
            on:
              double: { set: { x: x * 2 }, say: "{{ c40 }}" }
              show: { say: "{{ c40 }}" }
        """)
        run.enter("1234", "show", "double")
        #expect(run.said == ["1099511627776", "2199023255552"])
        #expect(clock.now - started < .seconds(1))
    }

    @Test func aChildReadsItsAncestorsComputedValuesByName() throws {
        let run = try SessionDriver("""
        version: 1
        flow: app
        start: child
        variables: { n: 2 }
        computed: { double: 'n * 2' }
        flows:
          child:
            start: s
            screens:
              s: { text: "{{ double }} {{ app.double }}", actions: [quit] }
        """)
        guard case .screenShown(let view)? = run.events.first(where: { if case .screenShown = $0 { true } else { false } }) else {
            Issue.record("no screen shown")
            return
        }
        #expect(view.text == "4 4")
    }
}
