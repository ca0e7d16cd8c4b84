// The floor for start-up with the command-line parser flowrun uses: a command with two
// subcommands, a default one, an argument, options and flags, parsed by
// swift-argument-parser, which then prints a line. Its distance from `hello` is the
// parser's start-up cost (type metadata looked up by name, its completion-script check),
// which flowrun pays before it reads a flow.
import ArgumentParser

struct Hello: ParsableCommand {
    static let configuration = CommandConfiguration(subcommands: [Run.self, Check.self], defaultSubcommand: Run.self)

    struct Run: ParsableCommand {
        @Argument var file: String
        @Option var output = "json"
        @Option var set: [String] = []
        @Flag var plain = false

        func run() { print("hello") }
    }

    struct Check: ParsableCommand {
        @Argument var files: [String] = []
        @Flag var strict = false

        func run() { print("checked") }
    }
}

Hello.main()
