/// Paths as URI references (RFC 3986), for SARIF's artifact locations and the LSP's
/// document URIs.
public enum FileURI {
    /// Relative paths stay relative, absolute ones become `file://` URIs.
    public static func reference(to path: String) -> String {
        path.hasPrefix("/") ? "file://" + encoded(path) : encoded(path)
    }

    /// Every byte outside `A–Z a–z 0–9 - . _ ~ /` percent-encoded, so `:`, `%`, `#`, `?`,
    /// spaces and non-ASCII cannot change the path's meaning.
    public static func encoded(_ path: String) -> String {
        path.utf8.map { byte in
            let plain = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/-._~".utf8.contains(byte)
            return plain ? String(UnicodeScalar(byte)) : "%" + String(byte >> 4, radix: 16, uppercase: true)
                + String(byte & 0x0F, radix: 16, uppercase: true)
        }.joined()
    }
}
