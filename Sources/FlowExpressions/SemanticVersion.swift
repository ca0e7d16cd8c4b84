/// A semantic version (semver.org 2.0) as Kubernetes' CEL library parses it (spec §9
/// 1.2): `MAJOR.MINOR.PATCH`, then optionally `-` and dot-separated pre-release
/// identifiers, then optionally `+` and dot-separated build identifiers.
///
/// Equality and order are SemVer precedence: build identifiers are ignored, so
/// `1.0.0+a == 1.0.0+b`, as in that library.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: UInt64
    public let minor: UInt64
    public let patch: UInt64
    public let prerelease: [PrereleaseIdentifier]
    public let build: [String]

    /// One dot-separated part of a pre-release: a number (compared numerically) or
    /// letters, digits and `-` (compared by code point); numbers sort first.
    public enum PrereleaseIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
        case number(UInt64)
        case text(String)

        public static func < (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.number(let a), .number(let b)): a < b
            case (.number, .text): true
            case (.text, .number): false
            case (.text(let a), .text(let b)): CodePointOrder.precedes(a, b)
            }
        }

        public var description: String {
            switch self {
            case .number(let number): String(number)
            case .text(let text): text
            }
        }
    }

    /// The strict form: no leading `v`, all three numbers, no leading zeros, no spaces.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let major = Self.number(parts[0]), let minor = Self.number(parts[1]) else { return nil }
        var rest = parts[2]
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard build.allSatisfy({ !$0.isEmpty && Self.isIdentifier($0) }) else { return nil }
            rest = rest[..<plus]
        }
        var prerelease: [PrereleaseIdentifier] = []
        if let dash = rest.firstIndex(of: "-") {
            for part in rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false) {
                guard let identifier = Self.prereleaseIdentifier(part) else { return nil }
                prerelease.append(identifier)
            }
            rest = rest[..<dash]
        }
        guard let patch = Self.number(rest) else { return nil }
        (self.major, self.minor, self.patch, self.prerelease, self.build) = (major, minor, patch, prerelease, build)
    }

    /// The normalising form, `semver(s, true)`: a leading `v` is dropped, leading zeros of
    /// the three dot-separated parts are dropped, and a missing minor or patch is `0`
    /// (`v1.2` is `1.2.0`); a shortened version may not carry a pre-release or build.
    /// Spaces are not trimmed.
    public init?(normalizing text: String) {
        let unprefixed = text.hasPrefix("v") ? text.dropFirst() : Substring(text)
        var parts = unprefixed.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false).map { part -> String in
            guard part.count > 1 else { return String(part) }
            let trimmed = part.drop { $0 == "0" }
            return trimmed.first.map(\.isASCIIDigit) == true ? String(trimmed) : "0" + trimmed
        }
        if parts.count < 3 {
            guard let last = parts.last, !last.contains(where: { $0 == "+" || $0 == "-" }) else { return nil }
            parts += Array(repeating: "0", count: 3 - parts.count)
        }
        self.init(parts.joined(separator: "."))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.compare(rhs) < 0 }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.compare(rhs) == 0 }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    /// -1, 0 or 1 as `self` precedes, ties with or follows `other` (semver.org §11): the
    /// numbers in turn, then a release after its pre-releases, then the pre-release
    /// identifiers in turn, a longer list after its prefix.
    public func compare(_ other: SemanticVersion) -> Int {
        let numbers = [(major, other.major), (minor, other.minor), (patch, other.patch)]
        if let (a, b) = numbers.first(where: { $0.0 != $0.1 }) { return a < b ? -1 : 1 }
        switch (prerelease.isEmpty, other.prerelease.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false): break
        }
        if let (a, b) = zip(prerelease, other.prerelease).first(where: { $0.0 != $0.1 }) { return a < b ? -1 : 1 }
        return prerelease.count == other.prerelease.count ? 0 : prerelease.count < other.prerelease.count ? -1 : 1
    }

    /// The canonical text: `1.2.0`, `1.0.0-rc.1+build.5` (what `semver('v1.2', true)` shows).
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prerelease.isEmpty { text += "-" + prerelease.map(\.description).joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    // MARK: - Parts

    /// A version number: ASCII digits without a leading zero, within 64 bits unsigned.
    private static func number(_ text: Substring) -> UInt64? {
        guard text.allSatisfy(\.isASCIIDigit), text == "0" || text.first != "0" else { return nil }
        return UInt64(text, radix: 10)
    }

    private static func prereleaseIdentifier(_ text: Substring) -> PrereleaseIdentifier? {
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) { return number(text).map(PrereleaseIdentifier.number) }
        guard !text.isEmpty, isIdentifier(text) else { return nil }
        return .text(String(text))
    }

    /// ASCII letters, digits and `-`.
    private static func isIdentifier(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
