import FoundationEssentials

/// Why a saved state cannot be restored.
public struct SessionRestoreError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

extension Session {
    /// The session as JSON, for `--state`: everything but the answers to secret fields,
    /// which are left out and asked again after a resume.
    public func savedState() -> [UInt8] {
        let mask = secretMask
        var saved = state
        for screen in tree.screens {
            for field in screen.fields where field.type == .secret {
                let key = "\(tree.flows[screen.flow].id).\(field.id)"
                if let value = saved.flows[screen.flow].variables[field.id], value != .null {
                    saved.flows[screen.flow].variables[field.id] = .null
                    if !saved.forgottenSecrets.contains(key) { saved.forgottenSecrets.append(key) }
                }
            }
        }
        // A `set`, a `result` or a message may repeat a secret: no saved value may show one.
        if !mask.isEmpty {
            for flow in saved.flows.indices {
                for (name, value) in saved.flows[flow].variables where mask.reveals(value) {
                    saved.flows[flow].variables[name] = .null
                }
                saved.flows[flow].result = saved.flows[flow].result?.mapValues { mask.reveals($0) ? .null : $0 }
            }
            if case .ended(var outcome) = saved.phase {
                outcome.message = outcome.message.map(mask.apply)
                saved.phase = .ended(outcome)
            }
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
