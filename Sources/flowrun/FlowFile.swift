import ArgumentParser
import FlowKit
import FoundationEssentials

/// Loading a flow file for the commands that use it (`run`, `chain`, `graph`): validated
/// first; an unreadable file or one with errors stops the command with exit status 2, its
/// errors on stderr. Warnings are `validate`'s to report, so their checks do not run here.
enum FlowFile {
    static func compile(_ path: String) throws -> ResponderTree {
        try load(path).tree
    }

    /// The validated document and its compiled tree.
    static func load(_ path: String) throws -> (document: FlowDocument, tree: ResponderTree) {
        let validator = Validator(findsWarnings: false)
        let loaded: FlowLoadResult
        do {
            loaded = try validator.loader.load(fileAt: path)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        let report = validator.validate(loaded, file: path)
        let errors = report.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let document = loaded.document, let tree = try? ResponderTree(document) else {
            var failed = report
            failed.diagnostics = errors
            let colored = TextStyle.shouldColor(isTerminal: Console.isTerminal(.standardError),
                                                environment: ProcessInfo.processInfo.environment)
            Console.emit(TextReporter(colored: colored).render([failed]), to: .standardError)
            throw ExitCode(2)
        }
        return (document, tree)
    }
}
