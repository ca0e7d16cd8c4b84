/// How the terminal form asks a field: a line editor, a list to pick one entry from,
/// or a checklist of the options to tick.
enum FieldWidget: Sendable {
    case line, list, checklist
}
