import Foundation

/// Compares output with a golden file; `FLOWRUN_RECORD_GOLDEN=1 swift test` rewrites them.
///
/// A run in record mode fails every test that records, as swift-argument-parser's
/// `assertSnapshot` does: a variable left set in CI then cannot turn it green.
public enum Golden {
    /// Whether `actual` equals `Golden/<name>` beside the calling test file. In record
    /// mode, writes `actual` there, says so on stderr and returns false.
    public static func matches(_ actual: String, _ name: String, file: String = #filePath,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(name)
        if environment["FLOWRUN_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            FileHandle.standardError.write(Data("recorded \(url.path); run the tests again without FLOWRUN_RECORD_GOLDEN to check it\n".utf8))
            return false
        }
        return try String(contentsOf: url, encoding: .utf8) == actual
    }
}
