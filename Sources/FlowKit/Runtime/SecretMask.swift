/// Keeps secret answers out of what is written down (cli.md: never in `--state`,
/// `--transcript`, diagnostics or logs), even where a flow repeats them in a message,
/// a variable or an error.
///
/// A secret of 4 characters or more is hidden wherever it appears; a shorter one only
/// where it is the whole text, as masking every `a` would garble everything else.
public struct SecretMask: Sendable {
    public static let mask = "******"
    private let secrets: [String]

    public init(_ secrets: [String]) {
        self.secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    public var isEmpty: Bool { secrets.isEmpty }

    /// Whether `text` shows a secret.
    public func reveals(_ text: String) -> Bool {
        secrets.contains { secret in text == secret || (secret.count >= 4 && text.contains(secret)) }
    }

    /// `text` with every secret it shows replaced by the mask.
    public func apply(_ text: String) -> String {
        var masked = text
        for secret in secrets {
            if masked == secret { return Self.mask }
            if secret.count >= 4 { masked = masked.replacing(secret, with: Self.mask) }
        }
        return masked
    }

    /// Whether a value, or a string inside it, shows a secret.
    func reveals(_ value: Value) -> Bool {
        switch value {
        case .string(let text): reveals(text)
        case .list(let values): values.contains(where: reveals)
        case .map(let entries): entries.values.contains(where: reveals)
        default: false
        }
    }
}

extension Session {
    /// A mask for the answers given so far to secret fields.
    public var secretMask: SecretMask {
        var secrets: [String] = []
        for screen in tree.screens {
            for field in screen.fields where field.type == .secret {
                if case .string(let text)? = state.flows[screen.flow].variables[field.id] { secrets.append(text) }
            }
        }
        return SecretMask(secrets)
    }
}
