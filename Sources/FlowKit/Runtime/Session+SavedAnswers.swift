import FlowExpressions

extension Session {
    /// What `--save-answers` writes (cli.md 1.2): the last answer of each field answered,
    /// as YAML that `--answers` reads back, keyed `flowid.fieldid` (`flowid[N].fieldid` in
    /// the runs of a repetition), in the order of the flows' fields; secret and private
    /// fields left out. `{}` when no field was answered.
    public var savedAnswers: String {
        var byField: [String: [(run: Int?, value: Value)]] = [:]
        for (written, value) in state.lastAnswers ?? [:] {
            let key = AnswerKey(written)
            guard let flow = key.flow else { continue }
            byField[AnswerKey(flow: flow, field: key.field).written, default: []].append((key.run, value))
        }
        var entries: [(key: String, value: Value)] = []
        for screen in tree.screens {
            let flow = tree.flows[screen.flow].id
            // A state file is untrusted: only keys of fields that may be saved are written.
            for field in screen.fields where field.type != .secret && !PrivateName.isPrivate(field.id) {
                let answers = byField.removeValue(forKey: AnswerKey(flow: flow, field: field.id).written) ?? []
                for answer in answers.sorted(by: { ($0.run ?? -1) < ($1.run ?? -1) }) {
                    entries.append((AnswerKey(flow: flow, run: answer.run, field: field.id).written, answer.value))
                }
            }
        }
        return entries.isEmpty ? "{}\n" : YAMLWriter.block(entries)
    }
}
