import FoundationEssentials
import FlowYAML

/// Why a saved state cannot be restored.
public struct SessionRestoreError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

extension Session {
    /// The session as JSON, for `--state`: everything but secrets. Answers to secret
    /// fields are left out and asked again after a resume where the run still reads them
    /// (`fieldsAskedAgain`); values computed from a secret are left out (`null`) and
    /// named by `lostSecretValues` after it. Messages were masked when they were rendered.
    public func savedState() -> [UInt8] {
        var saved = state
        // Left out by an earlier save and not given a value since.
        saved.forgottenSecrets = state.forgottenSecrets.filter { state.variableIsEmpty($0, in: tree) }
        saved.forgottenResults = state.forgottenResults.filter { state.resultIsEmpty($0, in: tree) }
        var members = state.forgottenMembers?.filter { $0.isMissing(in: state, tree: tree) } ?? []
        for flow in saved.flows.indices {
            let kept = saved.flows[flow]
            for (secrets, isResult) in [(kept.secrets, false), (kept.secretResult, true)] {
                let forgotten: WritableKeyPath<SessionState, [String]> = isResult ? \.forgottenResults : \.forgottenSecrets
                for (name, secrecy) in secrets.sorted(by: { $0.key < $1.key }) {
                    let qualified = "\(tree.flows[flow].id).\(name)"
                    // `results` whole; a result's members as a variable's.
                    let value = (isResult ? kept.result?[name] : kept.variables[name]) ?? .null
                    for path in isResult && name == "results" ? [[]] : secrecy.withoutSecrets(value).leftOut {
                        // The whole value, or one of its members.
                        if path.isEmpty {
                            if !saved[keyPath: forgotten].contains(qualified) { saved[keyPath: forgotten].append(qualified) }
                            continue
                        }
                        let member = SessionState.ForgottenMember(variable: qualified, path: path, result: isResult ? true : nil)
                        if !members.contains(member) { members.append(member) }
                    }
                }
            }
            saved.flows[flow] = kept.withoutSecrets
        }
        saved.forgottenMembers = members.isEmpty ? nil : members
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let document = SavedSession(format: SavedSession.currentFormat, shape: StateFingerprint(tree), state: saved)
        return (try? encoder.encode(document)).map { [UInt8]($0) } ?? []
    }

    /// Restores a session saved by `savedState()` for the same flow. Refused when the
    /// flow's fingerprint changed since (the message names what changed), or when a value
    /// is not one the flow could hold (`problemInRestoredState`). What the flow determines
    /// is recomputed, not read (`recomputeBookkeeping`). The secret fields the run still
    /// reads, and the required fields left empty on covered screens, are then asked again
    /// first (`fieldsAskedAgain`); other values left out go
    /// back to their initial values (`restoreLostValues`).
    public init(tree: ResponderTree, environment: [String: String] = [:], maxSteps: Int = 10_000,
                restoring saved: [UInt8]) throws(SessionRestoreError) {
        let document: SavedSession
        do {
            // The format first: another format's fields need not decode as this one's.
            let format = try JSONDecoder().decode(SavedFormat.self, from: Data(saved)).format
            guard format == SavedSession.currentFormat else {
                throw SessionRestoreError(description: "the saved state has format \(format); this flowrun reads \(SavedSession.currentFormat)")
            }
            document = try JSONDecoder().decode(SavedSession.self, from: Data(saved))
        } catch let error as SessionRestoreError {
            throw error
        } catch let error as DecodingError {
            throw SessionRestoreError(description: "the saved state is not readable: \(Self.described(error))")
        } catch {
            throw SessionRestoreError(description: "the saved state is not readable: \(MessageText.sanitized("\(error)"))")
        }
        let changes = StateFingerprint(tree).changes(since: document.shape)
        guard changes.isEmpty else {
            let shown = changes.prefix(Self.changesShown).joined(separator: "; ")
            let more = changes.count > Self.changesShown ? "; and \(changes.count - Self.changesShown) more" : ""
            throw SessionRestoreError(description: "the flow has changed since the state was saved: \(shown)\(more)")
        }
        guard document.state.flows.count == tree.flows.count else {
            throw SessionRestoreError(description: "the saved state is damaged: it does not hold one state for each flow")
        }
        self.init(tree: tree, environment: environment, maxSteps: maxSteps)
        state = document.state
        if let problem = problemInRestoredState() ?? recomputeBookkeeping() {
            throw SessionRestoreError(description: "the saved state is damaged: \(problem)")
        }
        fieldsAskedAgain = (secretFieldsToAskAgain() + requiredFieldsLeftEmpty()).sorted { ($0.screen, $0.position) < ($1.screen, $1.position) }
        restoreLostValues()
    }

    /// How many changes of a flow a refused resume names.
    private static let changesShown = 5

    /// A decoding error as a person reads it: where in the document (`state.flows[0].variables.name`)
    /// and what is wrong there, without the decoder's type names. The document's keys it
    /// quotes are made harmless.
    private static func described(_ error: DecodingError) -> String {
        let (context, problem): (DecodingError.Context, String) = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context): (context, "this value is not one a saved state holds here")
        case .keyNotFound(let key, let context): (context, "'\(key.stringValue)' is missing")
        case .dataCorrupted(let context): (context, context.debugDescription + (context.underlyingError.map { " (\($0))" } ?? ""))
        @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        let place = path.hasPrefix(".") ? String(path.dropFirst()) : path
        return MessageText.sanitized(place.isEmpty ? problem : "at \(place): \(problem)")
    }
}

extension SessionState.FlowState {
    /// The flow's state with every secret and every value computed from one set to
    /// `null`: variables, results, the results of a `for_each` and what its runs hold;
    /// of a list or map with secret members, those members (`Secrecy.withoutSecrets`).
    var withoutSecrets: Self {
        var scrubbed = self
        for (name, secrecy) in secrets { scrubbed.variables[name] = secrecy.withoutSecrets(variables[name] ?? .null).value ?? .null }
        for (name, secrecy) in secretResult where name != "results" {
            scrubbed.result?[name] = secrecy.withoutSecrets(result?[name] ?? .null).value ?? .null
        }
        if secretResult["results"] != nil { scrubbed.results = results?.map { _ in .null } }
        if var repetition {
            if repetition.elementsAreSecret { repetition.elements = repetition.elements.map { _ in .null } }
            repetition.arguments = repetition.arguments.withoutSecrets
            if secretResult["results"] != nil { repetition.results = repetition.results.map { _ in .null } }
            repetition.finishedRuns = repetition.finishedRuns.map(\.withoutSecrets)
            scrubbed.repetition = repetition
        }
        return scrubbed
    }
}

/// A saved state's format number, read before the rest.
private struct SavedFormat: Decodable {
    let format: Int
}

/// The saved form: a format number, the flow's fingerprint (`shape`), and the state.
private struct SavedSession: Codable {
    /// 2: the fingerprint replaced the list of flows and screens as `shape` (format 1).
    static let currentFormat = 2
    let format: Int
    /// The flow's fingerprint: what the state depends on, so a state is never applied to
    /// another flow, or to a changed version of its own. (Named so that `format` is the
    /// file's first key.)
    let shape: StateFingerprint
    let state: SessionState
}
