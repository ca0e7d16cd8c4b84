extension String {
    /// The string of `scalars`, encoded into its storage in one pass. (Appending to a
    /// `String.UnicodeScalarView` one scalar at a time costs several times as much, and the
    /// expression lexer and templates build a string for every token and literal.)
    /// Inlinable, so that each caller's collection type gets its own specialized copy: a
    /// call from another module would otherwise walk the scalars through generic witnesses,
    /// which made `validate` a fifth slower.
    @inlinable package init(scalars: some Collection<Unicode.Scalar>) {
        let capacity = scalars.reduce(0) { $0 + UTF8.width($1) }
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { unit in
                    buffer[count] = unit
                    count += 1
                }
            }
            return count
        }
    }
}
