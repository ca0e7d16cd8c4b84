/// An error libyaml stopped on, with libyaml's own words and positions.
struct LibYAMLError {
    enum Kind { case reader, scanner, parser, memory }

    var kind: Kind
    /// libyaml's description of the problem ("did not find expected key").
    var problem: String
    /// Where the problem is; nil for reader errors, which give `offset` instead.
    var mark: Mark?
    /// Byte offset of the problem.
    var offset: Int
    /// For reader errors, the offending byte or code point (-1 if none).
    var value: Int = -1
    /// What libyaml was reading ("while parsing a block mapping") and where that started.
    var context: (description: String, mark: Mark)?
}
