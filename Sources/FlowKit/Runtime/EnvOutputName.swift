/// How `--output env` names what it writes (cli.md): the run's outcome first, then one
/// `FLOWID_NAME` per variable, upper-cased, `-` as `_`. The one home of that naming, which
/// the result document writes by and `env-name-clash` checks against.
public enum EnvOutputName {
    /// The names the outcome takes, in the order written.
    public static let outcome = ["FLOWRUN_STATUS", "FLOWRUN_EXIT_CODE", "FLOWRUN_SCREEN", "FLOWRUN_MESSAGE"]

    /// The shell name of variable `name` of flow `flow`.
    public static func of(flow: String, variable name: String) -> String {
        let joined = "\(flow)_\(name)"
        guard isASCII(flow), isASCII(name) else { return joined.uppercased().replacing("-", with: "_") }
        return String(decoding: joined.utf8.map(shellByte), as: UTF8.self)
    }

    /// 64-bit FNV-1a hashes of `of(flow:variable:)` for one flow's values, computed
    /// without building the names: `validate` names every value of every flow for
    /// `env-name-clash`, and only values whose fingerprints meet need their names compared.
    struct Fingerprinter {
        private let flow: String
        /// The hash of the flow's part of each name, when the flow id is ASCII.
        private let prefix: FNV1a?

        init(flow: String) {
            self.flow = flow
            guard EnvOutputName.isASCII(flow) else { prefix = nil; return }
            var hash = FNV1a()
            for byte in flow.utf8 { hash.add(shellByte(byte)) }
            hash.add(UInt8(ascii: "_"))
            prefix = hash
        }

        func fingerprint(variable name: String) -> UInt64 {
            guard var hash = prefix, EnvOutputName.isASCII(name) else { return EnvOutputName.fingerprint(of(flow: flow, variable: name)) }
            for byte in name.utf8 { hash.add(shellByte(byte)) }
            return hash.value
        }
    }

    /// The fingerprint of a shell name as written.
    static func fingerprint(_ shellName: String) -> UInt64 {
        var hash = FNV1a()
        for byte in shellName.utf8 { hash.add(byte) }
        return hash.value
    }

    /// Ids are ASCII almost always: those are upper-cased byte by byte, without Unicode's tables.
    fileprivate static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    fileprivate static func shellByte(_ byte: UInt8) -> UInt8 {
        byte == UInt8(ascii: "-") ? UInt8(ascii: "_") : (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }

    fileprivate struct FNV1a {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
