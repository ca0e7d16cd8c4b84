import Foundation

/// Compares output with a golden file; `FLOWRUN_RECORD_GOLDEN=1 swift test` rewrites them.
public enum Golden {
    /// Whether `actual` equals `Golden/<name>` beside the calling test file. In
    /// record mode, writes `actual` there and reports a match.
    public static func matches(_ actual: String, _ name: String, file: String = #filePath) throws -> Bool {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FLOWRUN_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return true
        }
        return try String(contentsOf: url, encoding: .utf8) == actual
    }
}
