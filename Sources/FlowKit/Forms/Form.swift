import FlowYAML

/// A screen as a form in the terminal (spec §5 1.1): the fields answered so far, the
/// field being answered with its editor, and an action bar. A value with no I/O: the
/// front end feeds it keys and draws what `render` gives, redrawing only the form.
///
/// At a field, Enter, Tab and ↓ submit the answer, Shift-Tab and ↑ go back to the field
/// before; in the bar, ←/→ (Tab, Shift-Tab) move and Enter chooses. An action's key
/// chooses it in the bar, and with Alt at a field (where letters are typed). Actions
/// that need the fields answered are drawn dim until they are.
///
/// The bar can be reached from every field whatever it holds (spec §5 1.2): Tab at a
/// field whose answer is refused moves to the bar with the refusal shown, as does
/// Shift-Tab at the first field; the field waits, and Shift-Tab in the bar goes back
/// to it.
public struct Form: Sendable {
    /// A field answered on this screen: its position among the screen's fields, its
    /// label, and its answer as shown (secrets masked).
    public struct Row: Sendable, Equatable {
        public var position: Int
        public var label: String
        public var answer: String
    }

    /// What a key asks the front end to do.
    public enum Request: Equatable, Sendable {
        /// Nothing but drawing the form again.
        case redraw
        /// Answer the field with this line (plain mode's syntax for choices: numbers).
        case answer(String)
        /// Clear the field to `null`, as plain mode's `/` does: "(no answer)" chosen in
        /// the list of an optional field that holds a value, or has a default.
        case clear
        case choose(action: String)
        /// Go back to the field before the one in focus (or before the bar).
        case previousField
        case back, help, interrupt, endOfInput
    }

    public private(set) var rows: [Row] = []
    /// How many of `rows` were left in the scroll-back above the form, with what was
    /// printed after them (a `say`, a program's stderr): they are no longer drawn.
    private var rowsAbove = 0
    public private(set) var field: FieldPrompt?
    /// Every action offered, in the screen's order, then the built-ins it does not list.
    public private(set) var actions: [ActionPrompt.Action] = []
    /// The action in focus, when the bar is (also while a field waits for its answer).
    public private(set) var selected: Int?
    /// A refusal shown under the field or the bar until the next key.
    public var message: String?
    private var editor = LineEditor()
    /// What was typed into a field left for an earlier one (Shift-Tab, ↑), by position:
    /// given back when the field is asked again, as Tab to the bar keeps it.
    private var drafts: [Int: String] = [:]
    /// The entry in focus of a list or a checklist; nil while nothing is selected (a
    /// required list with no value yet: Enter is then refused as an empty line is).
    private var choice: Int?
    /// Whether the key that asked for the answer moves on (Tab, ↓): if the answer is
    /// refused, focus goes to the bar.
    private var leaving = false
    private var chosen: Set<Int> = []
    /// What has been typed into a list, to pick the first entry that starts with it.
    private var typed = ""

    /// A form that starts with `rows` answered (a resumed run's screen).
    public init(rows: [Row] = []) {
        self.rows = rows
    }

    // MARK: Following the session

    /// Focus on a field: its editor holds the field's current value (a screen entered
    /// again, or a field revisited), cursor at the end; a choice starts on it.
    public mutating func ask(_ prompt: FieldPrompt) {
        if let asked = rows.firstIndex(where: { $0.position == prompt.position }) { removeRow(at: asked) }
        field = prompt
        selected = nil
        actions = Self.bar(prompt.offered, builtIns: prompt.builtIns)
        editor = LineEditor(text: drafts.removeValue(forKey: prompt.position) ?? prompt.editorText)
        let initial = prompt.currentValue ?? prompt.defaultValue
        switch prompt.field.type.kind.widget {
        case .list:
            let index = prompt.field.type.kind.listEntry(of: initial, in: prompt)
            // A required field with no value starts with nothing selected (spec §5 1.2).
            choice = offersNoAnswer(prompt) ? (index ?? -1) + 1 : index ?? (prompt.field.isRequired ? nil : 0)
        case .checklist:
            choice = 0
            if case .list(let values)? = initial { chosen = Set(prompt.options.indices.filter { values.contains(prompt.options[$0].value) }) } else { chosen = [] }
        case .line:
            break
        }
    }

    /// Focus on the bar, every field answered: on the default action, else the first.
    public mutating func offer(_ prompt: ActionPrompt) {
        field = nil
        actions = Self.bar(prompt.actions, builtIns: prompt.builtIns)
        selected = actions.firstIndex(where: \.isDefault) ?? 0
    }

    /// The field in focus was answered: it joins the rows, in the screen's order, with its
    /// answer as shown (a field asked again goes back to its place, spec §5 1.2). Rows
    /// left in the scroll-back stay there: one answered again is drawn first of the rest.
    public mutating func answered(as shown: String) {
        guard let field else { return }
        let place = max(rows.firstIndex { $0.position > field.position } ?? rows.endIndex, rowsAbove)
        rows.insert(Row(position: field.position, label: field.label, answer: shown), at: place)
        message = nil
    }

    /// The answer was refused: the refusal shows under the field, and if the key moved
    /// on (Tab), focus goes to the bar, the field waiting.
    public mutating func refused(_ refusal: String) {
        message = refusal
        if leaving, field != nil { focusBar(onLast: false) }
    }

    /// `refused`, and a secret's editor emptied: what it holds is not shown, so it cannot
    /// be corrected, and a typo kept would join what is typed next.
    public mutating func answerRefused(_ refusal: String) {
        if field?.isSecret == true { editor = LineEditor() }
        refused(refusal)
    }

    /// The last row before the field in focus (or before the bar), taken back into the
    /// editor (`previousField`).
    public mutating func takeBackLastRow() -> Row? {
        guard let last = rows.lastIndex(where: { $0.position < field?.position ?? Int.max }) else { return nil }
        if let field, !isList, !editor.text.isEmpty { drafts[field.position] = String(editor.text) }
        defer { removeRow(at: last) }
        return rows[last]
    }

    private mutating func removeRow(at index: Int) {
        rows.remove(at: index)
        if index < rowsAbove { rowsAbove -= 1 }
    }

    /// The rows drawn so far were left in the scroll-back (`summary`), above what is
    /// printed next: the form draws only the rows answered after them.
    public mutating func leaveRowsAbove() {
        rowsAbove = rows.count
    }

    /// Focus on the bar while a field waits: on the first action that can be chosen
    /// now, or the last one.
    private mutating func focusBar(onLast: Bool) {
        let enabled = actions.indices.filter { isEnabled(actions[$0]) }
        selected = (onLast ? enabled.last : enabled.first) ?? 0
    }

    private static func bar(_ offered: [ActionPrompt.Action], builtIns: [String]) -> [ActionPrompt.Action] {
        offered + builtIns.map {
            ActionPrompt.Action(id: $0, label: Session.humanized($0), key: nil, isDefault: false, validatesFields: false)
        }
    }

    /// Whether an action can be chosen now: every one in the bar, at a field only those
    /// that need no answers.
    public func isEnabled(_ action: ActionPrompt.Action) -> Bool {
        field == nil || !action.validatesFields
    }

    /// Whether the list starts with "(no answer)": for every optional field, so one
    /// answered can be cleared again.
    private func offersNoAnswer(_ prompt: FieldPrompt) -> Bool {
        !prompt.field.isRequired
    }

    /// The entries of a list field, "(no answer)" first where it applies.
    private var listItems: [String] {
        guard let field else { return [] }
        let kind = field.field.type.kind
        switch kind.widget {
        case .list: return (offersNoAnswer(field) ? ["(no answer)"] : []) + kind.listItems(of: field)
        case .checklist: return kind.listItems(of: field)
        case .line: return []
        }
    }

    // MARK: Keys

    /// Pasted text as one line of an answer: the line breaks at its ends dropped (a copied
    /// password often ends in one), those within it read as spaces.
    static func oneLine(_ text: String) -> String {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines.joined(separator: " ")
    }

    public mutating func handle(_ key: Key) -> Request {
        switch key {
        case .interrupt: return .interrupt
        case .escape: return .back
        case .resize: return .redraw
        case .alt(let character):
            return shortcut(character) ?? .redraw
        case .notUTF8:
            message = "That key is not UTF-8 text (is the terminal set to UTF-8?)."
            return .redraw
        default:
            break
        }
        message = nil
        leaving = false
        if field != nil, selected == nil { return handleAtField(key) }
        return handleAtBar(key)
    }

    private mutating func shortcut(_ character: Character) -> Request? {
        guard let action = actions.first(where: { $0.key?.first == character }) else { return nil }
        return choose(action)
    }

    /// Chooses an action, unless it needs the answers while a field waits.
    private mutating func choose(_ action: ActionPrompt.Action) -> Request {
        guard isEnabled(action) else {
            message = "Answer the questions of this screen before '\(action.label)'."
            return .redraw
        }
        return .choose(action: action.id)
    }

    private mutating func handleAtBar(_ key: Key) -> Request {
        let count = max(actions.count, 1)
        switch key {
        case .left, .up: selected = ((selected ?? 0) + count - 1) % count
        case .right, .down, .tab: selected = ((selected ?? 0) + 1) % count
        case .backTab:
            // Back to the field that waits, else to the last one answered.
            if field != nil {
                selected = nil
                return .redraw
            }
            return rows.isEmpty ? .redraw : .previousField
        case .enter:
            guard let selected, actions.indices.contains(selected) else { return .redraw }
            return choose(actions[selected])
        // An action's key first (spec §5: it works everywhere), so `?` is the chain's help
        // only where no action takes it.
        case .character(let character): return shortcut(character) ?? (character == "?" ? .help : .redraw)
        case .endOfInput: return .endOfInput
        default: break
        }
        return .redraw
    }

    private mutating func handleAtField(_ key: Key) -> Request {
        guard let field else { return .redraw }
        if case .backTab = key {
            guard rows.isEmpty else { return .previousField }
            focusBar(onLast: true)
            return .redraw
        }
        if [.tab, .down].contains(key) { leaving = true }
        if case .up = key, !isList { return rows.isEmpty ? .redraw : .previousField }
        switch field.field.type.kind.widget {
        case .line:
            switch key {
            case .enter, .tab, .down: return .answer(String(editor.text))
            case .endOfInput where editor.text.isEmpty: return .endOfInput
            case .character(let character): type(character)
            case .paste(let text):
                for character in Self.oneLine(text) {
                    guard type(character) else { break }
                }
            default: editor.handle(key)
            }
        case .list:
            let items = listItems
            switch key {
            case .up: choice = ((choice ?? 0) + items.count - 1) % max(items.count, 1)
            case .down: choice = choice.map { ($0 + 1) % max(items.count, 1) } ?? 0
            case .enter, .tab: return listRequest(field)
            case .character(let character):
                typeAhead(character, in: items)
                return .redraw
            case .endOfInput: return .endOfInput
            default: break
            }
            typed = ""
        case .checklist:
            let items = listItems
            let choice = self.choice ?? 0
            switch key {
            case .up: self.choice = (choice + items.count - 1) % max(items.count, 1)
            case .down: self.choice = (choice + 1) % max(items.count, 1)
            case .character(" "):
                if chosen.contains(choice) { chosen.remove(choice) } else { chosen.insert(choice) }
            case .character(let character):
                typeAhead(character, in: items)
                return .redraw
            case .enter, .tab: return .answer(chosen.sorted().map { String($0 + 1) }.joined(separator: ","))
            case .endOfInput: return .endOfInput
            default: break
            }
            typed = ""
        }
        return .redraw
    }

    /// Types a character into the editor; false, with the refusal, past the limit of a
    /// line (spec §11 1.2), where typing or a paste stops, as plain mode refuses the line.
    @discardableResult
    private mutating func type(_ character: Character) -> Bool {
        guard editor.utf8Count + character.utf8.count <= InputLimit.lineBytes else {
            message = InputLimit.refusal
            return false
        }
        editor.handle(.character(character))
        return true
    }

    /// Type-ahead in a list: what was typed goes on while some entry starts with it, else
    /// the key starts afresh; the first entry that starts with it is chosen.
    private mutating func typeAhead(_ character: Character, in items: [String]) {
        let letter = String(character).lowercased()
        typed = items.contains { $0.lowercased().hasPrefix(typed + letter) } ? typed + letter : letter
        if let match = items.firstIndex(where: { $0.lowercased().hasPrefix(typed) }) { choice = match }
    }

    private var isList: Bool {
        guard let widget = field?.field.type.kind.widget else { return false }
        return widget != .line
    }

    /// A list's answer as plain mode reads it: "y"/"n", an option's number, or "" for
    /// nothing selected; "(no answer)" is "" where that takes no value, else clears.
    private func listRequest(_ field: FieldPrompt) -> Request {
        guard let choice else { return .answer("") }
        let entry = choice - (offersNoAnswer(field) ? 1 : 0)
        guard entry >= 0 else { return (field.defaultValue ?? .null) == .null ? .answer("") : .clear }
        return .answer(field.field.type.kind.listAnswer(entry))
    }

    // MARK: Drawing

    /// The form's lines at `width` columns, and where the cursor stands (row, column)
    /// while a line is edited. Each line fits in one row, and a list taller than `height`
    /// rows shows the part around the entry chosen: the form is redrawn in place by rows.
    public func render(width: Int, height: Int = .max, style: TextStyle) -> (lines: [String], cursor: (row: Int, column: Int)?) {
        var lines = summary(width: width, style: style)
        var cursor: (row: Int, column: Int)?
        // Below the field: the refusal, wrapped, then the bar.
        let below = messageLines(width: width, style: style) + barLines(width: width, style: style)
        if let field {
            if let help = field.help { lines += TextWrapping.wrap(help, width: width, cuttingLongWords: true).components(separatedBy: "\n").map(style.dim) }
            let widget = field.field.type.kind.widget
            switch widget {
            case .line:
                // A label takes at most half the row, cut with "…": the answer keeps the rest.
                let label = Self.visible(before: "", after: field.label + ":", room: max(width / 2, 2)).text
                var line = style.bold(label) + " "
                // What is typed shows as the field shows it (`FieldPrompt.shown(typing:)`), the cursor after it,
                // on one row of the terminal whatever its length: the form is redrawn by rows.
                let room = max(width - DisplayWidth.of(label) - 2, 2)
                let shown: (text: String, cursor: Int)
                if editor.text.isEmpty, let hint = placeholder(field) {
                    shown = Self.visible(before: "", after: hint, room: room)
                    line += style.dim(shown.text)
                } else {
                    shown = Self.visible(before: field.shown(typing: String(editor.text[..<editor.cursor])),
                                         after: field.shown(typing: String(editor.text[editor.cursor...])), room: room)
                    line += shown.text
                }
                if selected == nil { cursor = (lines.count, DisplayWidth.of(label) + 1 + shown.cursor) }
                lines.append(line)
            case .list, .checklist:
                let hint = widget == .checklist ? "  (space to choose, enter to finish)" : ""
                let label = Self.visible(before: "", after: field.label, room: max(width - DisplayWidth.of(hint), width / 2, 2)).text
                lines.append(style.bold(label) + (DisplayWidth.of(label + hint) <= width ? style.dim(hint) : ""))
                let items = listItems
                // The rows the rest of the form leaves, a row to spare, three at least.
                let rows = max(height - lines.count - below.count - 1, 3)
                let shown = Self.window(of: items.count, around: choice ?? 0, rows: rows)
                if shown.lowerBound > 0 { lines.append(style.dim("  ↑ \(shown.lowerBound) more")) }
                for index in shown {
                    let pointer = index == choice ? style.cyan("❯") : " "
                    let box = widget == .checklist ? (chosen.contains(index) ? style.green("◉ ") : "○ ") : ""
                    let item = Self.visible(before: "", after: items[index], room: max(width - 3 - (box.isEmpty ? 0 : 2), 2)).text
                    lines.append("\(pointer) \(box)\(index == choice ? style.bold(item) : item)")
                }
                if shown.upperBound < items.count { lines.append(style.dim("  ↓ \(items.count - shown.upperBound) more")) }
            }
        }
        return (lines + below, cursor)
    }

    /// The refusal shown under the field or the bar, wrapped at `width`.
    private func messageLines(width: Int, style: TextStyle) -> [String] {
        guard let message else { return [] }
        let wrapped = TextWrapping.wrap("✗ " + message, width: width, cuttingLongWords: true).components(separatedBy: "\n")
        return wrapped.enumerated().map { $0.offset == 0 ? style.red("✗") + $0.element.dropFirst() : $0.element }
    }

    /// The entries of a list of `count` shown in `rows` rows, `around` among them: all of
    /// them when they fit; else as many as fit beside the rows saying how many more are
    /// above and below.
    static func window(of count: Int, around chosen: Int, rows: Int) -> Range<Int> {
        guard count > rows else { return 0..<count }
        let fitting = max(rows - 2, 1)
        let start = min(max(chosen - fitting / 2, 0), count - fitting)
        return start..<(start + fitting)
    }

    /// What fits in `room` columns of a line split at the cursor, the cursor kept in view
    /// (at most `room - 1` columns in): what is cut off on either side shows as "…".
    static func visible(before: String, after: String, room: Int) -> (text: String, cursor: Int) {
        var (kept, column) = (Substring(before), DisplayWidth.of(before))
        guard column + DisplayWidth.of(after) > room else { return (before + after, column) }
        if column > room - 1 {
            // "…" takes the first column; the cursor stands in the last.
            while column > room - 2, let first = kept.first {
                kept = kept.dropFirst()
                column -= DisplayWidth.of(String(first))
            }
            kept = "…" + kept
            column += 1
        }
        var (tail, end) = ("", column)
        for character in after {
            let next = DisplayWidth.of(String(character))
            guard end + next <= room else {
                // "…" takes the last column.
                while end + 1 > room, let last = tail.popLast() { end -= DisplayWidth.of(String(last)) }
                tail += "…"
                break
            }
            tail.append(character)
            end += next
        }
        return (String(kept) + tail, column)
    }

    /// What an empty editor shows: the default an Enter takes, as the field shows it,
    /// else the placeholder.
    private func placeholder(_ field: FieldPrompt) -> String? {
        if let shown = field.shownDefault, !shown.isEmpty { return shown }
        return field.placeholder
    }

    /// The answered fields not yet left above the form: what stays in the scroll-back
    /// once the screen is done.
    public func summary(width: Int, style: TextStyle) -> [String] {
        rows.dropFirst(rowsAbove).flatMap { row in TextWrapping.wrap(style.bold(row.label + ":") + " " + row.answer, width: width, cuttingLongWords: true).components(separatedBy: "\n") }
    }

    /// The actions on as many lines as the width needs, each whole (`[s] Sign in`) unless
    /// it is wider than a line alone, after "Choose:" when the bar has the focus and
    /// "Actions:" while a field has it.
    private func barLines(width: Int, style: TextStyle) -> [String] {
        guard !actions.isEmpty else { return [] }
        var lines: [String] = []
        let heading = selected != nil ? "Choose:" : "Actions:"
        var line = selected != nil ? style.bold(heading) : style.dim(heading), used = heading.count
        for (index, action) in actions.enumerated() {
            let text = Self.visible(before: "", after: (action.key.map { "[\($0)] " } ?? "") + action.label, room: max(width - 3, 2)).text
            let shown = index == selected ? style.cyan("❯ " + text) : isEnabled(action) ? "  " + text : style.dim("  " + text)
            let length = DisplayWidth.of(text) + 2
            if used > 0, used + 2 + length > width {
                lines.append(line)
                (line, used) = ("", 0)
            }
            if used > 0 {
                line += "  "
                used += 2
            }
            line += shown
            used += length
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// A one-line editor: left/right, Home/End, Backspace, Delete, Ctrl-W, Ctrl-U.
struct LineEditor: Sendable {
    private(set) var text: [Character] = []
    private(set) var cursor = 0
    /// The line's length in UTF-8 bytes, the unit of `InputLimit`; kept as the line
    /// changes, since a paste arrives as one key per character.
    private(set) var utf8Count = 0

    init(text: String = "") {
        self.text = Array(text)
        utf8Count = text.utf8.count
        cursor = self.text.count
    }

    /// The text as one character, if it is one.
    private static func single(_ text: String) -> Character? {
        text.count == 1 ? text.first : nil
    }

    mutating func handle(_ key: Key) {
        switch key {
        case .character(let character):
            utf8Count += character.utf8.count
            // A combining mark (an accent, a skin tone, a joiner's partner) joins the
            // character before it, as the terminal draws them: one character, moved over
            // and deleted whole.
            if cursor > 0, let joined = Self.single(String(text[cursor - 1]) + String(character)) {
                text[cursor - 1] = joined
            } else {
                text.insert(character, at: cursor)
                cursor += 1
            }
        case .backspace where cursor > 0:
            cursor -= 1
            remove(cursor..<cursor + 1)
        case .delete where cursor < text.count: remove(cursor..<cursor + 1)
        case .left where cursor > 0: cursor -= 1
        case .right where cursor < text.count: cursor += 1
        case .home: cursor = 0
        case .end: cursor = text.count
        case .deleteWord:
            var start = cursor
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            remove(start..<cursor)
            cursor = start
        case .deleteToStart:
            remove(0..<cursor)
            cursor = 0
        default:
            break
        }
    }

    private mutating func remove(_ range: Range<Int>) {
        utf8Count -= text[range].reduce(0) { $0 + $1.utf8.count }
        text.removeSubrange(range)
    }
}
