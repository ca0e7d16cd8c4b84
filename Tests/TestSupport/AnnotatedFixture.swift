import Foundation

/// A fixture whose expected positions are marked in the file itself.
///
/// A marker is a line holding only a caret and a label, the caret under the
/// character it points at on the line above (a tab or any character before the
/// caret counts as one column, as libyaml counts):
///
///     title: Log in
///     title: Again
///     ^ duplicate-key
///     ^ note
///
/// Marker lines are removed before the text is parsed; a marker points at the
/// nearest line above it that is not a marker, numbered as in the cleaned text.
public struct AnnotatedFixture {
    public struct Marker: Equatable, CustomStringConvertible {
        public var label: String
        public var line: Int
        public var column: Int
        public var description: String { "\(label)@\(line):\(column)" }
    }

    public let name: String
    /// The fixture without its marker lines: what gets parsed.
    public let text: String
    public let markers: [Marker]

    public var bytes: [UInt8] { Array(text.utf8) }

    public init(name: String, annotated: String) {
        self.name = name
        var kept: [Substring] = []
        var markers: [Marker] = []
        for line in annotated.split(separator: "\n", omittingEmptySubsequences: false) {
            if let (column, label) = Self.marker(in: line) {
                markers.append(Marker(label: label, line: max(kept.count, 1), column: column))
            } else {
                kept.append(line)
            }
        }
        self.text = kept.joined(separator: "\n")
        self.markers = markers
    }

    /// Loads `Fixtures/<name>` beside the calling test file.
    public static func load(_ name: String, directory: String = #filePath) throws -> AnnotatedFixture {
        let url = Fixtures.url(name, besides: directory)
        return AnnotatedFixture(name: name, annotated: try String(contentsOf: url, encoding: .utf8))
    }

    /// The one marker with `label`; fails the lookup loudly if there is not exactly one.
    public func marker(_ label: String) throws -> Marker {
        let found = markers.filter { $0.label == label }
        guard found.count == 1 else { throw FixtureError.markerCount(label: label, found: found.count, fixture: name) }
        return found[0]
    }

    /// Writes the cleaned text to a temporary file and returns its path.
    public func writeCleaned(to directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name.replacingOccurrences(of: "/", with: "_"))
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private static func marker(in line: Substring) -> (column: Int, label: String)? {
        let scalars = Array(line.unicodeScalars)
        guard let caret = scalars.firstIndex(of: "^"),
              scalars[..<caret].allSatisfy({ $0 == " " || $0 == "\t" }),
              caret + 1 < scalars.count, scalars[caret + 1] == " " else { return nil }
        let label = String(String.UnicodeScalarView(scalars[(caret + 2)...])).trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty else { return nil }
        return (caret + 1, label)
    }
}

public enum FixtureError: Error, CustomStringConvertible {
    case markerCount(label: String, found: Int, fixture: String)
    public var description: String {
        switch self {
        case let .markerCount(label, found, fixture): "fixture \(fixture) has \(found) markers labelled '\(label)', expected 1"
        }
    }
}

/// Locates test data by path, relative to the test source that asks.
public enum Fixtures {
    /// `Fixtures/<name>` in the folder of the source file `file`.
    public static func url(_ name: String, besides file: String) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// The repository's root folder (holding Package.swift).
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `../shared` beside the repository, where external corpora live, if present.
    public static var sharedFolder: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
