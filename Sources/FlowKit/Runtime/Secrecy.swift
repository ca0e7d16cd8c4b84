import FlowYAML
import FlowExpressions

/// Which parts of a value are secret (cli.md 1.2: secrecy is tracked per member): none,
/// all of it, or some of its members, each with a secrecy of its own. A list or map that
/// holds a secret among other values (`'accounts[user]': password`) marks only that
/// member: its other members, its keys and its `size()` are not secret.
///
/// What a variable holds is kept by `SessionState.FlowState.secrets`; what an expression
/// gives, by `SessionScope.secrecy(of:)`; how a value with secret parts is shown, by
/// `SecretMask.shown(_:_:)`; what a saved state keeps of it, by `withoutSecrets(_:)`.
indirect enum Secrecy: Sendable, Equatable {
    case none
    case whole
    /// Some members, none of them `.none` (then the value is `.none`), and not empty.
    case members([Member: Secrecy])

    /// A member of a list or map: a map's key, or a list's position (from 0).
    enum Member: Hashable, Sendable, Codable {
        case key(String)
        case position(Int)

        /// The member an index value names: a string names a key, an int a position.
        init?(_ index: Value) {
            switch index {
            case .string(let key): self = .key(key)
            case .int(let position): self = .position(position)
            default: return nil
            }
        }

        /// Whether it is a map's key, not a list's position.
        var isKey: Bool {
            if case .key = self { true } else { false }
        }

        /// As an index is written after the variable's name: `["ada"]`, `[2]`.
        var written: String {
            switch self {
            case .key(let key): "[\"" + MessageText.sanitized(key).replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\"]"
            case .position(let position): "[\(position)]"
            }
        }

        // Saved as the key (a string) or the position (a number).
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let position = try? container.decode(Int.self) {
                self = .position(position)
            } else {
                self = .key(try container.decode(String.self))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .key(let key): try container.encode(key)
            case .position(let position): try container.encode(position)
            }
        }
    }

    /// `.members` without the members that are not secret: `.none` when none is left.
    init(members: [Member: Secrecy]) {
        let secret = members.filter { $0.value != .none }
        self = secret.isEmpty ? .none : .members(secret)
    }

    /// Whether any part of the value is secret.
    var isSecret: Bool { self != .none }

    /// The secrecy of one member of a value of this secrecy.
    func member(_ member: Member) -> Secrecy {
        switch self {
        case .none: .none
        case .whole: .whole
        case .members(let members): members[member] ?? .none
        }
    }

    /// This secrecy once the member at `path` holds a value of secrecy `secrecy` (an
    /// assignment into a list or map); a whole secret stays one.
    func setting(_ secrecy: Secrecy, at path: ArraySlice<Member>) -> Secrecy {
        guard let first = path.first else { return secrecy }
        switch self {
        case .whole: return .whole
        case .none: return Secrecy(members: [first: Secrecy.none.setting(secrecy, at: path.dropFirst())])
        case .members(var members):
            members[first] = member(first).setting(secrecy, at: path.dropFirst())
            return Secrecy(members: members)
        }
    }

    /// The secrecy of a value that is either one of two (the branches of `?:`).
    func joined(with other: Secrecy) -> Secrecy {
        switch (self, other) {
        case (.none, let any), (let any, .none): any
        case (.whole, _), (_, .whole): .whole
        case (.members(let left), .members(let right)):
            .members(left.merging(right) { $0.joined(with: $1) })
        }
    }

    /// The value with every secret part left out, and the path to each part left out,
    /// for a saved state: nil for a whole secret (the path `[]`); a map's secret member
    /// loses its key and value, a list's secret element becomes `null` (its position
    /// stays, so the others keep theirs). `null` holds no member: nothing of it is left
    /// out. Members of a value that is no list or map: all of it.
    func withoutSecrets(_ value: Value) -> (value: Value?, leftOut: [[Member]]) {
        switch (self, value) {
        case (.none, _), (.members, .null): return (value, [])
        case (.members(let members), .map(var entries)):
            var leftOut: [[Member]] = []
            for (member, secrecy) in members {
                guard case .key(let key) = member, let inner = entries[key] else { continue }
                let (kept, innerLeftOut) = secrecy.withoutSecrets(inner)
                entries[key] = kept
                leftOut += innerLeftOut.map { [member] + $0 }
            }
            return (.map(entries), leftOut.sorted { $0.lexicographicallyPrecedes($1) })
        case (.members(let members), .list(var elements)):
            var leftOut: [[Member]] = []
            for (member, secrecy) in members {
                guard case .position(let position) = member, elements.indices.contains(position) else { continue }
                let (kept, innerLeftOut) = secrecy.withoutSecrets(elements[position])
                elements[position] = kept ?? .null
                leftOut += innerLeftOut.map { [member] + $0 }
            }
            return (.list(elements), leftOut.sorted { $0.lexicographicallyPrecedes($1) })
        default: return (nil, [[]])
        }
    }

    /// Every secret part of `value`: the values a program given it may print alone.
    func secretParts(of value: Value) -> [Value] {
        switch (self, value) {
        case (.none, _): return []
        case (.members(let members), .map(let entries)):
            return members.flatMap { member, secrecy in
                guard case .key(let key) = member, let inner = entries[key] else { return [Value]() }
                return secrecy.secretParts(of: inner)
            }
        case (.members(let members), .list(let elements)):
            return members.flatMap { member, secrecy in
                guard case .position(let position) = member, elements.indices.contains(position) else { return [Value]() }
                return secrecy.secretParts(of: elements[position])
            }
        default: return [value]
        }
    }
}

extension Secrecy.Member: Comparable {
    /// Positions before keys; each in its own order (keys by code point).
    static func < (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.position(let left), .position(let right)): left < right
        case (.key(let left), .key(let right)): CodePointOrder.precedes(left, right)
        case (.position, .key): true
        case (.key, .position): false
        }
    }
}
