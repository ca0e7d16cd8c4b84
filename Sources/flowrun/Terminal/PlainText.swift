import FlowKit
import FlowYAML

/// What plain mode writes for screens and prompts, and how it reads an action line.
enum PlainText {
    /// The titles of flows that just started, a screen's heading (title and where it
    /// is) and its text.
    static func screen(_ view: ScreenView) -> String {
        var text = view.flowTitles.map { "\n== \($0.title) ==\n" }.joined()
        text += "\n[\(view.flowPath.joined(separator: " › "))] \(view.title ?? view.screen)\n"
        if let body = view.text, !body.isEmpty { text += body.hasSuffix("\n") ? body : body + "\n" }
        return text
    }

    /// A field's prompt: label, options numbered from 1, and the default as the field shows it.
    static func field(_ prompt: FieldPrompt) -> String {
        var text = prompt.label
        if let help = prompt.help { text = "(\(help))\n" + text }
        if !prompt.options.isEmpty {
            text += " (" + prompt.options.enumerated().map { "\($0 + 1). \($1.label)" }.joined(separator: ", ") + ")"
        }
        if let hint = prompt.typingHint { text += hint }
        if let shown = prompt.shownDefault, !shown.isEmpty { text += " [\(shown)]" }
        // The screen's own actions that need no answers can be chosen here as `/ID` (cli.md 1.1);
        // `/back` and `/quit` can too (only `/quit` while a resumed run asks a field again), and go unsaid.
        let early = prompt.actions.filter { !ActionEntry.builtIns.contains($0.id) }
        if !early.isEmpty { text += " (or " + early.map { "/\($0.id)" }.joined(separator: ", ") + ")" }
        return text + ": "
    }

    /// The actions offered, numbered from 1, and the built-ins that may always be typed.
    static func actions(_ prompt: ActionPrompt) -> String {
        let offered = prompt.actions.enumerated().map { "\($0 + 1). " + ($1.key.map { "[\(TerminalText.line($0))] " } ?? "") + $1.label }.joined(separator: "  ")
        let builtIns = prompt.builtIns
        let enter = prompt.defaultAction.map { "  [Enter: \($0.label)]" } ?? ""
        return "Actions: \(offered)" + (builtIns.isEmpty ? "" : "  (or \(builtIns.joined(separator: ", ")))") + enter + "\n> "
    }
}
