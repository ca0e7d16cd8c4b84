import ArgumentParser
import FlowKit
import FoundationEssentials

/// Loading a flow file for the commands that use it (`run`, `chain`, `graph`): validated
/// first; an unreadable file or one with errors stops the command with exit status 2, its
/// errors on stderr. Warnings are `validate`'s to report, so their checks do not run here.
enum FlowFile {
    /// A flow file read, validated and compiled, with nothing reported yet.
    enum Checked: Sendable {
        case unreadable(SourceFileError)
        /// The report holds the errors alone.
        case invalid(FileReport)
        case valid(document: FlowDocument, tree: ResponderTree)
    }

    /// Reads, validates and compiles the file at `path`. It prints nothing, so it can run
    /// on any thread (`FlowFilePreload` runs it on its own).
    static func check(_ path: String) -> Checked {
        let validator = Validator(findsWarnings: false)
        let loaded: FlowLoadResult
        do {
            loaded = try validator.loader.load(fileAt: path)
        } catch {
            return .unreadable(error)
        }
        var report = validator.validate(loaded, file: path)
        report.diagnostics.removeAll { $0.severity != .error }
        guard report.diagnostics.isEmpty, let document = loaded.document, let tree = try? ResponderTree(document) else {
            return .invalid(report)
        }
        return .valid(document: document, tree: tree)
    }

    static func compile(_ path: String) throws -> ResponderTree {
        try load(path).tree
    }

    /// The validated document and its compiled tree (the preloaded ones, when
    /// `FlowFilePreload` has checked this path already).
    static func load(_ path: String) throws -> (document: FlowDocument, tree: ResponderTree) {
        switch FlowFilePreload.take(path) ?? check(path) {
        case .valid(let document, let tree):
            return (document, tree)
        case .unreadable(let error):
            Console.error(error.description)
            throw ExitCode(2)
        case .invalid(let report):
            let colored = TextStyle.shouldColor(isTerminal: Console.isTerminal(.standardError),
                                                environment: ProcessInfo.processInfo.environment)
            Console.emit(TextReporter(colored: colored).render([report]), to: .standardError)
            throw ExitCode(2)
        }
    }
}
