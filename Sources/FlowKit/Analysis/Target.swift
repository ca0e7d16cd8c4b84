/// What a `start`, `push` or `replace` names (spec §7): a screen of the flow, by its number
/// among all the tree's screens, or one of the flow's child flows, by its position in the
/// tree. Screens are looked for first.
public enum Target: Sendable, Equatable {
    case screen(Int)
    case flow(Int)
}
