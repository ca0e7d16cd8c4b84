/// One problem found in a flow file: a plain value with a stable code, a severity,
/// a message, and where it is.
public struct Diagnostic: Hashable, Sendable {
    /// Further information at its own position, such as "first defined here".
    public struct Note: Hashable, Sendable {
        public var message: String
        public var file: String
        public var start: Mark

        public init(_ message: String, file: String, at start: Mark) {
            self.message = message
            self.file = file
            self.start = start
        }
    }

    /// A suggested change, such as the nearest valid key.
    public struct Fix: Hashable, Sendable {
        /// What to do, in words ("did you mean 'title'?").
        public var message: String
        /// The text to put at the diagnostic's range instead, if the fix is a replacement.
        public var replacement: String?
        /// Where the replacement goes when that is not the diagnostic's range: an
        /// expression cut apart is reported at the cut, and quoted whole.
        public var range: SourceRange?

        public init(_ message: String, replacement: String? = nil, range: SourceRange? = nil) {
            self.message = message
            self.replacement = replacement
            self.range = range
        }
    }

    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    public var file: String
    /// Where the node or token at fault starts (1-based).
    public var start: Mark
    /// Where it ends, when known.
    public var end: Mark?
    public var notes: [Note]
    public var fix: Fix?

    public init(
        _ code: DiagnosticCode,
        _ message: String,
        file: String,
        at start: Mark,
        end: Mark? = nil,
        notes: [Note] = [],
        fix: Fix? = nil
    ) {
        self.code = code
        self.severity = code.severity
        self.message = message
        self.file = file
        self.start = start
        self.end = end
        self.notes = notes
        self.fix = fix
    }

    public var line: Int { start.line }
    public var column: Int { start.column }
}

extension Diagnostic {
    /// A diagnostic at a model value's location.
    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                notes: [Note] = [], fix: Fix? = nil) {
        self.init(code, message, file: location.file, at: location.range.start, end: location.range.end, notes: notes, fix: fix)
    }
}

extension Diagnostic {
    /// The order of one file's diagnostics in every report: by position, then by code.
    public static func precedes(_ first: Diagnostic, _ second: Diagnostic) -> Bool {
        (first.start, first.code.rawValue) < (second.start, second.code.rawValue)
    }
}

extension Diagnostic.Fix {
    /// "did you mean 'name'?", replacing what is written with `name`: the one wording of
    /// the fix of a misspelt name.
    package static func didYouMean(_ name: String) -> Diagnostic.Fix {
        Diagnostic.Fix("did you mean '\(name)'?", replacement: name)
    }

    /// `didYouMean` the candidate nearest to `name` (`NearestName`); nil when none is close.
    package static func nearest(to name: String, among candidates: [String]) -> Diagnostic.Fix? {
        NearestName.suggest(name, among: candidates).map(didYouMean)
    }
}

extension Diagnostic.Note {
    public init(_ message: String, at location: SourceLocation) {
        self.init(message, file: location.file, at: location.start)
    }
}
