import Foundation

/// Runs the built `flowrun` binary, as a user would.
public enum FlowrunProcess {
    /// The executable next to the test bundle (`swift build` puts both in one folder).
    public static var executable: URL {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("flowrun")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return folder.appendingPathComponent("flowrun")
    }

    /// Runs `flowrun arguments…` in `directory` with `stdin` as its input and an
    /// environment without `NO_COLOR` unless `environment` sets it. `remember: true`
    /// answers go to `stateHome` unless `environment` names an `XDG_STATE_HOME`.
    public static func run(_ arguments: [String], stdin: String = "", directory: URL? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> ProcessRunner.Outcome {
        try run(arguments, stdin: Data(stdin.utf8), directory: directory, environment: environment, timeout: timeout)
    }

    /// Runs `flowrun arguments…` with `stdin` as raw bytes (which need not be UTF-8).
    public static func run(_ arguments: [String], stdin: Data, directory: URL? = nil,
                           environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> ProcessRunner.Outcome {
        var environment = environment
        if environment["XDG_STATE_HOME"] == nil { environment["XDG_STATE_HOME"] = stateHome }
        // Reports name files from GitHub's workspace where it is set: in these tests, the
        // folder flowrun runs in, as on a runner's default step, whatever the host's.
        if environment["GITHUB_WORKSPACE"] == nil { environment["GITHUB_WORKSPACE"] = directory?.path ?? FileManager.default.currentDirectoryPath }
        return try ProcessRunner.run(executable.path, arguments, stdin: stdin, directory: directory, environment: environment, timeout: timeout)
    }

    /// A state folder of the test process's own, so runs never touch the user's.
    public static let stateHome: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-tests-state-\(UUID().uuidString)")
        return url.path
    }()

    /// A fresh temporary folder for a test's files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A fresh temporary folder holding `flow` as `f.yaml`.
    public static func folder(holding flow: String) throws -> URL {
        let directory = try temporaryDirectory()
        try flow.write(to: directory.appendingPathComponent("f.yaml"), atomically: true, encoding: .utf8)
        return directory
    }
}
