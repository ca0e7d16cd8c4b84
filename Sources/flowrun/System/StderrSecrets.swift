import FlowKit

/// The secrets a program was given, kept out of its stderr (cli.md 1.2): each secret
/// value and each text composed from one (`CommandRequest.secrets`). The program's text
/// has no provenance, so each occurrence of a secret is masked by its text; a secret
/// shorter than 4 characters (a PIN) would be revealed by the places its mask appears,
/// so then the stderr is not shown at all, nor is it when a secret spans lines (CRLF
/// too), since stderr is masked a whole line at a time.
struct StderrSecrets {
    /// The secrets as bytes, longest first, so that one holding another is masked whole.
    private let secrets: [[UInt8]]
    /// Why the program's stderr is not shown; nil when it is shown, masked.
    let hidingReason: String?

    /// Shortest secret masked by its text.
    static let shortest = 4

    init(_ secrets: [String]) {
        self.secrets = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }.sorted { $0.count > $1.count }
        hidingReason = if secrets.contains(where: { !$0.isEmpty && $0.unicodeScalars.count < Self.shortest }) {
            "its stderr is not shown: it was given a secret shorter than \(Self.shortest) characters, which masking would reveal"
        } else if secrets.contains(where: { $0.unicodeScalars.contains("\n") }) {
            // A Character compares "\r\n" whole, so `contains("\n")` would miss a CRLF.
            "its stderr is not shown: it was given a secret that holds a line break, which masking line by line would miss"
        } else {
            nil
        }
    }

    /// Where a piece of a long line may end in `bytes`, the rest kept for later: before
    /// the last bytes that could begin a secret not yet written whole, on a UTF-8
    /// character's start, and never inside a secret written whole.
    func safeCut(in bytes: [UInt8]) -> Int {
        var cut = bytes.count - max((secrets.first?.count ?? 1) - 1, 0)
        // A UTF-8 continuation byte is 0b10xxxxxx.
        while cut > 0, cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        var moved = true
        while moved {
            moved = false
            for secret in secrets {
                let straddling = max(0, cut - secret.count + 1)..<cut
                if let start = straddling.first(where: { bytes[$0...].starts(with: secret) }) {
                    cut = start
                    moved = true
                }
            }
        }
        return cut
    }

    /// Whole lines of stderr with each secret shown as the mask: every byte that some
    /// occurrence covers is hidden, and each run of hidden bytes shows one mask, so
    /// secrets that overlap (`abcdef` and `defghi` in `abcdefghi`) leave nothing out.
    func masked(_ lines: [UInt8]) -> [UInt8] {
        guard !secrets.isEmpty, !lines.isEmpty else { return lines }
        let mask = Array(SecretMask.mask.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(lines.count)
        // The end of the run of hidden bytes being read; at or before `position` when none is.
        var hiddenUntil = lines.startIndex
        for position in lines.indices {
            var end = hiddenUntil
            for secret in secrets where lines[position] == secret[0] && lines[position...].starts(with: secret) {
                end = max(end, position + secret.count)
            }
            if position >= hiddenUntil {
                if end > position { result += mask } else { result.append(lines[position]) }
            }
            hiddenUntil = end
        }
        return result
    }
}
