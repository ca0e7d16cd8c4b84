import Foundation

/// A Markdown page of the repository, read by the tests that keep the reference pages
/// (`docs/language.md`, `docs/cli.md`) in step with the code: its sections by heading, the
/// rows of their tables, and its fenced code blocks.
public struct MarkdownPage: Sendable {
    /// A row of a table: its cells, trimmed, and the texts written `like this` in its first cell.
    public struct Row: Sendable {
        public let cells: [String]
        public let names: [String]
        public let text: String

        /// The first name in the first cell (a key, a code, an option).
        public var key: String { names.first ?? "" }
    }

    /// A fenced code block: the words after its opening fence, its text, and the page's
    /// line (1-based) of that fence.
    public struct CodeBlock: Sendable {
        public let info: [String]
        public let text: String
        public let line: Int
    }

    public let path: String
    public let lines: [String]

    /// The page at `path`, relative to the package's root (empty if it cannot be read).
    public init(path: String) {
        self.path = path
        let url = Fixtures.packageRoot.appendingPathComponent(path)
        lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").components(separatedBy: "\n")
    }

    public var text: String { lines.joined(separator: "\n") }

    /// The lines under the heading whose text is `heading` (without its `#`s), up to the
    /// next heading of the same level or above; empty if there is no such heading.
    public func section(under heading: String) -> String {
        var found: [String] = []
        var level: Int?
        for (line, inCode) in zip(lines, codeMask) {
            let hashes = inCode ? 0 : line.prefix { $0 == "#" }.count
            if hashes > 0, line.dropFirst(hashes).first == " " {
                if let open = level, hashes <= open { break }
                if level == nil, line.dropFirst(hashes + 1) == Substring(heading) { level = hashes; continue }
            }
            if level != nil { found.append(line) }
        }
        return found.joined(separator: "\n")
    }

    /// The body rows of the tables under `heading` (header and separator rows left out).
    public func tableRows(under heading: String) -> [Row] {
        let sectionLines = section(under: heading).components(separatedBy: "\n")
        var rows: [Row] = []
        for (index, line) in sectionLines.enumerated() where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            let isSeparator = cells.allSatisfy { $0.allSatisfy { $0 == "-" || $0 == ":" } }
            let isHeader = sectionLines.indices.contains(index + 1) && sectionLines[index + 1].hasPrefix("| ---")
            guard !isSeparator, !isHeader, let first = cells.first else { continue }
            let names = first.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            rows.append(Row(cells: cells, names: names, text: line))
        }
        return rows
    }

    /// Every fenced code block of the page, in order.
    public var codeBlocks: [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: (info: [String], line: Int, body: [String])?
        for (number, line) in lines.enumerated() {
            guard line.hasPrefix("```") else {
                open?.body.append(line)
                continue
            }
            if let block = open {
                blocks.append(CodeBlock(info: block.info, text: block.body.joined(separator: "\n") + "\n", line: block.line))
                open = nil
            } else {
                open = (line.dropFirst(3).split(separator: " ").map(String.init), number + 1, [])
            }
        }
        return blocks
    }

    /// The anchors of the page's headings, as GitHub makes them: lower-cased, spaces as
    /// `-`, every other character but letters, digits, `-` and `_` left out.
    public var anchors: Set<String> {
        Set(zip(lines, codeMask).compactMap { line, inCode -> String? in
            let hashes = line.prefix { $0 == "#" }.count
            guard !inCode, hashes > 0, line.dropFirst(hashes).first == " " else { return nil }
            return String(line.dropFirst(hashes + 1).lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
        })
    }

    /// The targets of the page's inline links (`[text](target)`), outside code blocks.
    public var linkTargets: [String] {
        zip(lines, codeMask).filter { !$0.1 }.flatMap { line, _ in
            line.components(separatedBy: "](").dropFirst().compactMap { rest in
                rest.split(separator: ")", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            }
        }
    }

    /// For each line, whether it is inside a fenced code block (fences included).
    private var codeMask: [Bool] {
        var inside = false
        return lines.map { line in
            if line.hasPrefix("```") { inside.toggle(); return true }
            return inside
        }
    }
}
