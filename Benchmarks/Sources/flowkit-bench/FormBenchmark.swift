import FlowKit
import FlowYAML
import FoundationEssentials

/// The time from a key press to the redrawn form, in process: a screen of 20 fields,
/// ten answered and the eleventh being typed into; each key is handled by `Form` and the
/// whole form rendered again at 80 columns, as the terminal front end does per key.
enum FormBenchmark {
    static func flow(fields: Int) -> String {
        var text = "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields:\n"
        for number in 1...fields {
            text += "      - { id: field\(number), label: \"Question number \(number)\", help: \"Some help for question \(number).\" }\n"
        }
        return text + "    actions: [{ id: save, key: s }, { id: cancel, key: c, validate: false }]\n    on: { save: { finish: true }, cancel: { finish: true } }\n"
    }

    static func run(keys: Int) {
        guard let document = FlowLoader().load(Array(flow(fields: 20).utf8), file: "form.yaml").document,
              let tree = try? ResponderTree(document) else {
            print("form: the generated flow did not compile")
            return
        }
        var session = Session(tree: tree)
        _ = session.start()
        var form = Form()
        for _ in 0..<10 {
            guard case .field(let prompt)? = session.prompt else { return }
            form.ask(prompt)
            _ = session.answer("an answer")
            form.answered(as: "an answer")
        }
        guard case .field(let prompt)? = session.prompt else { return }
        form.ask(prompt)
        let style = TextStyle(enabled: true)
        let clock = ContinuousClock()
        var drawn = 0
        let elapsed = clock.measure {
            for number in 0..<keys {
                // Type, and every 40th key start the line again, so it stays as long as an answer.
                _ = form.handle(number % 40 == 39 ? .deleteToStart : .character("x"))
                drawn += form.render(width: 80, style: style).lines.count
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("flowkit-form fields=20 keys=\(keys) lines=\(drawn / keys) seconds=\(seconds) microseconds_per_key=\(seconds / Double(keys) * 1e6)")
    }
}
