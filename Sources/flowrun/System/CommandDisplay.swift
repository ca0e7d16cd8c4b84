#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowKit
import Synchronization
import FlowYAML

/// What the user sees while a `run` step's program runs: its stderr, line by line with
/// control characters made harmless, and in a terminal a spinner with the step's label.
final class CommandDisplay: Sendable {
    /// Whether a spinner is drawn (stderr is a terminal, in the terminal UI, whose raw
    /// mode gives Ctrl-C back its signal while a program runs).
    let spins: Bool
    // Locked, not for speed: the spinner's task and the reader of the program's stderr
    // run at once and both write these.
    private let state = Mutex<(label: String, frame: Int, running: Bool)>(("", 0, false))
    /// What to write before a program's first output (`writeFirst`), and whether it was.
    private let prelude = Mutex<(text: String?, written: Bool)>((nil, false))
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(spins: Bool) {
        self.spins = spins
    }

    /// Gives the text to write before the spinner of the next program a step runs: in the
    /// terminal UI, the form taken off the screen with its answered rows left in the
    /// scroll-back, so that the program's stderr stays above the form drawn after it.
    func writeFirst(_ text: String) {
        prelude.withLock { $0 = (text, false) }
    }

    /// Whether a program started since `writeFirst`, so that its text was written; the
    /// text is dropped either way.
    func wroteFirst() -> Bool {
        prelude.withLock { prelude in
            defer { prelude = (nil, false) }
            return prelude.written
        }
    }

    func start(label: String) {
        state.withLock { $0 = (MessageText.sanitized(label), 0, true) }
        prelude.withLock { prelude in
            guard let text = prelude.text else { return }
            Console.emit(text, to: .standardError)
            prelude = (nil, true)
        }
        guard spins else {
            Console.emit("… \(MessageText.sanitized(label))\n", to: .standardError)
            return
        }
        RawTerminal.keysSendSignals(true)
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
        guard spins else { return }
        Console.emit("\r\u{1B}[2K", to: .standardError)
        RawTerminal.keysSendSignals(false)
    }

    /// Whole lines of the program's stderr, shown above the spinner.
    func show(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        var text = String(decoding: lines, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { MessageText.sanitized(String($0)) }.joined(separator: "\n")
        // A last line without its line break is ended here, or the spinner would erase it.
        if spins, !text.hasSuffix("\n") { text += "\n" }
        state.withLock { _ in
            _ = Console.emit((spins ? "\r\u{1B}[2K" : "") + text, to: .standardError)
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
