import FoundationEssentials

/// Why a saved state cannot be restored.
public struct SessionRestoreError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

extension Session {
    /// The session as JSON, for `--state`: everything but secrets. Answers to secret
    /// fields are left out and asked again after a resume; variables and results computed
    /// from a secret are left out (`null`) and named by `unsavedSecretValues` after it.
    /// Messages were masked when they were rendered.
    public func savedState() -> [UInt8] {
        var saved = state
        for flow in saved.flows.indices {
            let flowID = tree.flows[flow].id
            for name in saved.flows[flow].secret.sorted() {
                saved.flows[flow].variables[name] = .null
                if !saved.forgottenSecrets.contains("\(flowID).\(name)") { saved.forgottenSecrets.append("\(flowID).\(name)") }
            }
            for name in saved.flows[flow].secretResult { saved.flows[flow].result?[name] = .null }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let document = SavedSession(format: SavedSession.currentFormat, shape: tree.shape, state: saved)
        return (try? encoder.encode(document)).map { [UInt8]($0) } ?? []
    }

    /// Restores a session saved by `savedState()` for the same flow. If a secret of the
    /// current screen was left out, the screen asks again from that field.
    public init(tree: ResponderTree, environment: [String: String] = [:], maxSteps: Int = 10_000,
                restoring saved: [UInt8]) throws(SessionRestoreError) {
        let document: SavedSession
        do {
            document = try JSONDecoder().decode(SavedSession.self, from: Data(saved))
        } catch {
            throw SessionRestoreError(description: "the saved state is not readable: \(error)")
        }
        guard document.format == SavedSession.currentFormat else {
            throw SessionRestoreError(description: "the saved state has format \(document.format); this flowrun reads \(SavedSession.currentFormat)")
        }
        guard document.shape == tree.shape, document.state.flows.count == tree.flows.count else {
            throw SessionRestoreError(description: "the saved state belongs to a different flow (its flows or screens have changed)")
        }
        guard let problem = Self.structuralProblem(of: document.state, in: tree) else {
            self.init(tree: tree, environment: environment, maxSteps: maxSteps)
            state = document.state
            rewindToForgottenSecret()
            return
        }
        throw SessionRestoreError(description: "the saved state is damaged: \(problem)")
    }

    /// Why a decoded state cannot be a state of this tree (a file edited by hand, or
    /// damaged): every stack entry must be a screen or child of its own flow, and the
    /// phase must fit the screen on display. Nil when it is sound.
    private static func structuralProblem(of state: SessionState, in tree: ResponderTree) -> String? {
        for (flow, flowState) in state.flows.enumerated() {
            for entry in flowState.stack {
                switch entry {
                case .screen(let screen):
                    guard tree.screens.indices.contains(screen), tree.screens[screen].flow == flow else {
                        return "flow '\(tree.flows[flow].id)' shows a screen that is not its own"
                    }
                case .flow(let child):
                    guard tree.flows.indices.contains(child), tree.flows[child].parent == flow else {
                        return "flow '\(tree.flows[flow].id)' shows a flow that is not its child"
                    }
                }
            }
        }
        switch state.phase {
        case .field(let position):
            guard let screen = state.currentScreen, tree.screens[screen].fields.indices.contains(position) else {
                return "it asks a field the screen on display does not have"
            }
        case .action:
            guard state.currentScreen != nil else { return "it offers actions with no screen on display" }
        case .notStarted, .ended:
            break
        }
        return nil
    }

    /// The variables a saved state left out because they held values computed from a
    /// secret answer (`flowid.name`): they read `null` after a resume.
    public var unsavedSecretValues: [String] {
        let secretFields = Set(tree.screens.flatMap { screen in
            screen.fields.filter { $0.type == .secret }.map { "\(tree.flows[screen.flow].id).\($0.id)" }
        })
        return state.forgottenSecrets.filter { !secretFields.contains($0) }
    }

    /// Asks again from the first secret of the current screen whose answer was not saved.
    private mutating func rewindToForgottenSecret() {
        guard let screen = currentScreen else { return }
        let node = tree.screens[screen]
        let asked: Int
        switch state.phase {
        case .field(let position): asked = position
        case .action: asked = node.fields.count
        default: return
        }
        let flowID = tree.flows[node.flow].id
        if let first = node.fields.prefix(asked).firstIndex(where: { state.forgottenSecrets.contains("\(flowID).\($0.id)") }) {
            state.phase = .field(first)
        }
    }
}

/// The saved form: a format number, the flow's shape, and the state.
private struct SavedSession: Codable {
    static let currentFormat = 1
    let format: Int
    /// Every `flow/screen` of the tree, so a state is never applied to another flow.
    let shape: [String]
    let state: SessionState
}

extension ResponderTree {
    /// The tree's flows and screens by id, in order: what a saved state depends on.
    var shape: [String] {
        flows.map(\.id) + screens.map { "\(flows[$0.flow].id)/\($0.id)" }
    }
}
