/// An error libyaml stopped on, with libyaml's own words and positions.
struct LibYAMLError {
    /// libyaml's description of the problem ("did not find expected key").
    var problem: String
    /// Where the problem is; nil for reader errors, which give `readerOffset` instead.
    var mark: Mark?
    /// For reader errors (bad encoding), the byte offset of the problem.
    var readerOffset: Int = 0
    /// For reader errors, the offending byte or code point (-1 if none).
    var value: Int = -1
    /// What libyaml was reading ("while parsing a block mapping") and where that started.
    var context: (description: String, mark: Mark)?
}
