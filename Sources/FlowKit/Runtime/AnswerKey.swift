/// A key of an answers file (cli.md): `fieldid`, `flowid.fieldid`, or **(1.2)**
/// `flowid[N].fieldid` for the N-th run (from 0) of a `for_each` repetition of flow
/// `flowid`. The one home of their spelling: `--answers`, `--set` and a flow test's
/// `answers` read keys by it, and `--save-answers` writes them.
public struct AnswerKey: Sendable, Equatable {
    public var flow: String?
    /// The run of a repetition, from 0, if named.
    public var run: Int?
    public var field: String

    public init(flow: String?, run: Int? = nil, field: String) {
        self.flow = flow
        self.run = run
        self.field = field
    }

    /// The key as written. A `[` that does not close a run number (`a[x].b`) leaves the
    /// text before the dot as the flow's name, which then names no flow.
    public init(_ text: String) {
        guard let dot = text.firstIndex(of: ".") else {
            self.init(flow: nil, field: text)
            return
        }
        let head = text[..<dot], field = String(text[text.index(after: dot)...])
        if head.last == "]", let open = head.lastIndex(of: "["), let run = Self.runNumber(head[head.index(after: open)..<head.index(before: head.endIndex)]) {
            self.init(flow: String(head[..<open]), run: run, field: field)
        } else {
            self.init(flow: String(head), field: field)
        }
    }

    /// Decimal digits only, so `[+1]` or `[ 1]` are no run numbers.
    private static func runNumber(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(text)
    }

    /// `fieldid`, `flowid.fieldid` or `flowid[N].fieldid`.
    public var written: String {
        guard let flow else { return field }
        return flow + (run.map { "[\($0)]" } ?? "") + "." + field
    }
}
