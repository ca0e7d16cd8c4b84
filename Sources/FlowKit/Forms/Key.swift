/// A key pressed in a terminal, as the terminal front end reads it.
public enum Key: Equatable, Sendable {
    case character(Character)
    /// A key pressed with Alt (Esc then the key): an action's shortcut during a field.
    case alt(Character)
    case enter, backspace, delete, tab
    /// Shift-Tab.
    case backTab
    case left, right, up, down, home, end
    case escape
    /// Ctrl-W: delete the word before the cursor. Ctrl-U: delete to the start.
    case deleteWord, deleteToStart
    case interrupt
    case endOfInput
    /// The terminal changed size (SIGWINCH).
    case resize
    /// Bytes that are not UTF-8 text: refused with a message, never typed as U+FFFD.
    case notUTF8
    /// Text the terminal says was pasted (bracketed paste), typed into the field in focus:
    /// its line breaks answer nothing and its letters choose no action.
    case paste(String)
}
