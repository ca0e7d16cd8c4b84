#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowKit
import Synchronization

/// What the user sees while a `run` step's program runs: its stderr, line by line with
/// control characters made harmless, and in a terminal a spinner with the step's label.
final class CommandDisplay: Sendable {
    /// Whether a spinner is drawn (stderr is a terminal, in the terminal UI).
    let spins: Bool
    private let state = Mutex<(label: String, frame: Int, running: Bool)>(("", 0, false))
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(spins: Bool) {
        self.spins = spins
    }

    func start(label: String) {
        state.withLock { $0 = (MessageText.sanitized(label), 0, true) }
        guard spins else {
            Console.emit("… \(MessageText.sanitized(label))\n", to: .standardError)
            return
        }
        draw()
    }

    /// The spinner's next frame; called every tenth of a second while the program runs.
    func tick() {
        guard spins else { return }
        state.withLock { $0.frame += 1 }
        draw()
    }

    func stop() {
        state.withLock { $0.running = false }
        if spins { Console.emit("\r\u{1B}[2K", to: .standardError) }
    }

    /// Whole lines of the program's stderr, shown above the spinner.
    func show(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        let text = String(decoding: lines, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { MessageText.sanitized(String($0)) }.joined(separator: "\n")
        state.withLock { _ in
            Console.emit((spins ? "\r\u{1B}[2K" : "") + text, to: .standardError)
        }
        if spins { draw() }
    }

    private func draw() {
        state.withLock { state in
            guard state.running else { return }
            Console.emit("\r\u{1B}[2K" + Self.frames[state.frame % Self.frames.count] + " " + state.label, to: .standardError)
        }
    }
}
