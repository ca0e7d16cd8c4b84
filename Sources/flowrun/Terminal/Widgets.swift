import FlowKit

/// What a widget ended with.
enum WidgetResult: Equatable {
    case submitted(String)
    /// Esc: the built-in `back`.
    case back
    /// `?` at the action prompt.
    case help
    case interrupt
    case endOfInput
}

/// The interactive controls, drawn on stderr and redrawn in place.
struct Widgets {
    let style: TextStyle

    /// A one-line editor: left/right, Home/End (Ctrl-A/E), backspace, delete, Ctrl-W,
    /// Ctrl-U. A secret shows nothing of what is typed.
    func line(label: String, placeholder: String?, secret: Bool, keys: inout KeyReader) -> WidgetResult {
        var text: [Character] = []
        var cursor = 0
        func draw() {
            let prefix = style.bold(label) + " "
            if secret {
                Console.emit("\r\u{1B}[2K" + prefix, to: .standardError)
                return
            }
            if text.isEmpty, let placeholder {
                let back = DisplayWidth.of(placeholder)
                Console.emit("\r\u{1B}[2K" + prefix + style.dim(placeholder) + (back > 0 ? "\u{1B}[\(back)D" : ""), to: .standardError)
                return
            }
            let after = DisplayWidth.of(String(text[cursor...]))
            Console.emit("\r\u{1B}[2K" + prefix + String(text) + (after > 0 ? "\u{1B}[\(after)D" : ""), to: .standardError)
        }
        draw()
        while let key = keys.next() {
            switch key {
            case .enter:
                Console.emit("\r\u{1B}[2K" + style.bold(label) + " " + (secret ? (text.isEmpty ? "" : SecretMask.mask) : String(text)) + "\n",
                             to: .standardError)
                return .submitted(String(text))
            case .character(let character):
                text.insert(character, at: cursor)
                cursor += 1
            case .backspace where cursor > 0:
                cursor -= 1
                text.remove(at: cursor)
            case .delete where cursor < text.count: text.remove(at: cursor)
            case .left where cursor > 0: cursor -= 1
            case .right where cursor < text.count: cursor += 1
            case .home: cursor = 0
            case .end: cursor = text.count
            case .deleteWord:
                var start = cursor
                while start > 0, text[start - 1] == " " { start -= 1 }
                while start > 0, text[start - 1] != " " { start -= 1 }
                text.removeSubrange(start..<cursor)
                cursor = start
            case .deleteToStart:
                text.removeSubrange(0..<cursor)
                cursor = 0
            case .escape:
                Console.emit("\n", to: .standardError)
                return .back
            case .interrupt: return .interrupt
            case .endOfInput where text.isEmpty: return .endOfInput
            default: break
            }
            draw()
        }
        return .interrupt
    }

    /// A list to pick from with the arrow keys or type-ahead; with `multiple`, space
    /// toggles and Enter submits the chosen numbers ("1,3"); otherwise Enter submits
    /// the highlighted number. `?` asks for help when `allowsHelp`.
    func list(label: String, items: [String], selected initial: Int, chosen initialChosen: Set<Int> = [], multiple: Bool,
              allowsHelp: Bool = false, keys: inout KeyReader) -> WidgetResult {
        var selected = max(0, min(initial, items.count - 1))
        var chosen = initialChosen
        var typed = ""
        var drawn = 0
        func draw() {
            var lines = [style.bold(label) + (multiple ? style.dim("  (space to choose, enter to finish)") : "")]
            for (index, item) in items.enumerated() {
                let pointer = index == selected ? style.cyan("❯") : " "
                let box = multiple ? (chosen.contains(index) ? style.green("◉ ") : "○ ") : ""
                lines.append("\(pointer) \(box)\(index == selected ? style.bold(item) : item)")
            }
            let up = drawn > 0 ? "\u{1B}[\(drawn)A" : ""
            Console.emit(up + "\r\u{1B}[J" + lines.joined(separator: "\n") + "\n", to: .standardError)
            drawn = lines.count
        }
        func finish(_ shown: String) {
            Console.emit("\u{1B}[\(drawn)A\r\u{1B}[J" + style.bold(label) + " " + shown + "\n", to: .standardError)
        }
        draw()
        while let key = keys.next() {
            switch key {
            case .up: selected = (selected + items.count - 1) % max(items.count, 1)
            case .down, .tab: selected = (selected + 1) % max(items.count, 1)
            case .home: selected = 0
            case .end: selected = max(items.count - 1, 0)
            case .character(" ") where multiple:
                if chosen.contains(selected) { chosen.remove(selected) } else { chosen.insert(selected) }
            case .character("?") where allowsHelp:
                finish("")
                return .help
            case .character(let character):
                typed += String(character).lowercased()
                if let match = items.firstIndex(where: { $0.lowercased().hasPrefix(typed) }) {
                    selected = match
                } else {
                    typed = String(character).lowercased()
                    if let match = items.firstIndex(where: { $0.lowercased().hasPrefix(typed) }) { selected = match }
                }
                draw()
                continue
            case .backspace: typed = ""
            case .enter:
                guard !items.isEmpty else { return .submitted("") }
                if multiple {
                    let numbers = chosen.sorted()
                    finish(numbers.map { items[$0] }.joined(separator: ", "))
                    return .submitted(numbers.map { String($0 + 1) }.joined(separator: ","))
                }
                finish(items[selected])
                return .submitted(String(selected + 1))
            case .escape:
                finish("")
                return .back
            case .interrupt: return .interrupt
            case .endOfInput: return .endOfInput
            default: break
            }
            typed = ""
            draw()
        }
        return .interrupt
    }
}
