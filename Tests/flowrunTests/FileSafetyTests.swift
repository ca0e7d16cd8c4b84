import Foundation
import Testing
import TestSupport
@testable import flowrun

/// Files flowrun writes (`--state`, `--transcript`, `test -o`, remembered answers) are
/// written only where the user asked: never through a link planted at a temporary name,
/// never over a device, FIFO or directory, and through a link the user made to the file
/// it points to, keeping that file's permissions. Everything happens in a temporary
/// folder; device nodes are made there where root allows. `/dev` is never touched.
@Suite struct FileSafetyTests {
    static let signin = Fixtures.packageRoot.appendingPathComponent("Flows/signin.yaml").path

    private func run(_ arguments: [String], in directory: URL, stdin: String = "quit\n", timeout: TimeInterval = 30) throws -> ProcessRunner.Outcome {
        try FlowrunProcess.run(["run", Self.signin] + arguments, stdin: stdin, directory: directory, timeout: timeout)
    }

    /// The attack on a temporary name: links planted at the old predictable name
    /// (`FILE.tmp-PID`, the shell's PID, which `exec` keeps) and at the one flowrun uses
    /// now (`.FILE.tmp`). Neither link's target is written.
    @Test func aLinkPlantedAtATemporaryNameIsNeverFollowed() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let victim = directory.appendingPathComponent("victim")
        try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
        let outcome = try ProcessRunner.run("/bin/sh", ["-c", "ln -s victim state.json.tmp-$$; ln -s victim .state.json.tmp; exec \"$0\" run \"$1\" --state state.json",
                                                        FlowrunProcess.executable.path, Self.signin],
                                            stdin: "quit\n", directory: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n", "the planted link's target was overwritten")
        #expect(try String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8).hasPrefix("{\"format\""))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    /// 100 runs killed (SIGKILL) at random moments while they save after every line leave
    /// at most one temporary file, which the next save replaces.
    @Test func runsKilledWhileSavingLeaveAtMostOneTemporaryFile() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let outcome = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", """
            import os, random, signal, subprocess, sys, time
            random.seed(3)
            for _ in range(100):
                process = subprocess.Popen([sys.argv[1], "run", sys.argv[2], "--state", "state.json", "--output", "none"],
                                           stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    process.stdin.write(b"sign_in\\nalice\\nguess\\nsubmit\\nretry\\n" * 20)
                    process.stdin.flush()
                except BrokenPipeError:
                    pass
                time.sleep(random.uniform(0, 0.03))
                process.send_signal(signal.SIGKILL)
                process.wait()
            print(len([name for name in os.listdir(".") if name not in ("state.json", ".state.json.lock")]))
            """, FlowrunProcess.executable.path, Self.signin], directory: directory, timeout: 120)
        #expect(Int(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99 <= 1, "temporary files left: \(outcome.stdout) \(outcome.stderr)")
        let after = try run(["--state", "state.json"], in: directory)
        #expect(after.status == 0, "\(after.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !["state.json", ".state.json.lock"].contains($0) }
        #expect(left.isEmpty, "a save after the kills leaves none: \(left)")
    }

    /// The folder of remembered answers is the user's alone.
    @Test func theFolderOfRememberedAnswersIsMadePrivate() throws {
        let directory = try FlowrunProcess.folder(holding: "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name, remember: true }]\n    terminal: true\n")
        let home = directory.appendingPathComponent("state-home").path
        let outcome = try FlowrunProcess.run(["run", "f.yaml"], stdin: "Ada\n", directory: directory, environment: ["XDG_STATE_HOME": home])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: home + "/flowrun")
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
        #expect(FileManager.default.fileExists(atPath: home + "/flowrun/remembered.json"))
    }

    @Test func aDirectoryOrAFIFOIsRefusedBeforeTheRunStarts() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for option in ["--state", "--transcript"] {
            for (path, kind) in [(fifo, "a FIFO"), (directory.path, "a directory")] {
                let outcome = try run([option, path], in: directory)
                #expect(outcome.status == 2, "\(option) \(kind): \(outcome.stderr)")
                #expect(outcome.stderr.contains("it is \(kind), not a regular file"), "\(outcome.stderr)")
                #expect(outcome.stdout.isEmpty && !outcome.stderr.contains("Welcome"), "the run started")
            }
        }
        // A FIFO to resume from is refused, not read (it would wait for a writer for ever).
        let resumed = try run(["--state", fifo, "--resume"], in: directory, timeout: 10)
        #expect(resumed.status == 2, "\(resumed.stderr)")
        let notes = Fixtures.packageRoot.appendingPathComponent("Flows/notes.yaml").path
        let generated = try FlowrunProcess.run(["test", "--generate", notes, "-o", fifo], directory: directory, timeout: 10)
        #expect(generated.status == 2, "\(generated.stderr)")
    }

    /// A FIFO put at the transcript's path after the check looked (here given straight to
    /// the opening the check is followed by) is refused at once: with a reader at its other
    /// end, where it would otherwise be written to, and with none, where opening it would
    /// otherwise wait for one for ever.
    @Test func aFIFOPutAtTheTranscriptAfterTheCheckIsRefusedAtOnce() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let fifo = directory.appendingPathComponent("transcript.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        #expect { _ = try Transcript.openedForWriting(fifo, reportedAs: fifo) } throws: { error in
            (error as? SourceFileWriteError)?.reason == "it is a FIFO, not a regular file"
        }
        close(reader)
        #expect(throws: SourceFileWriteError.self) { _ = try Transcript.openedForWriting(fifo, reportedAs: fifo) }
        let file = directory.appendingPathComponent("regular.jsonl").path
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        let descriptor = try Transcript.openedForWriting(file, reportedAs: file)
        close(descriptor)
        #expect(try String(contentsOfFile: file, encoding: .utf8).isEmpty)
    }

    @Test(.enabled(if: getuid() == 0, "not root: no device node can be made in a temporary folder"))
    func aDeviceNodeIsRefusedAndLeftAsItIs() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let device = directory.appendingPathComponent("null").path
        // Major 1, minor 3 (what /dev/null is), in Linux's encoding of small numbers.
        #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, "mknod: \(String(cString: strerror(errno)))")
        let outcome = try run(["--state", device], in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("it is a device, not a regular file"), "\(outcome.stderr)")
        var status = stat()
        #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
    }

    @Test func aLinkTheUserMadeIsWrittenThroughAndItsTargetKeepsItsMode() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let real = directory.appendingPathComponent("real.json").path
        try "{}".write(toFile: real, atomically: true, encoding: .utf8)
        #expect(chmod(real, 0o640) == 0)
        #expect(symlink("real.json", directory.appendingPathComponent("link.json").path) == 0)
        let outcome = try run(["--state", "link.json"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var status = stat()
        #expect(lstat(directory.appendingPathComponent("link.json").path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
        #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("{\"format\""), "the file the link points to was not updated")
        #expect(stat(real, &status) == 0 && status.st_mode & 0o777 == 0o640, "the mode was not kept")
        // A new state file is the user's alone.
        _ = try run(["--state", "new.json"], in: directory)
        #expect(stat(directory.appendingPathComponent("new.json").path, &status) == 0 && status.st_mode & 0o777 == 0o600)
    }

    /// A state file its owner made read-only is not replaced, even by root (a rename would
    /// ignore its mode): the run is refused before it starts, and the file stays as it was.
    @Test func aReadOnlyStateFileIsRefusedAndKept() throws {
        let directory = try FlowrunProcess.temporaryDirectory()
        let state = directory.appendingPathComponent("state.json").path
        try "{}".write(toFile: state, atomically: true, encoding: .utf8)
        #expect(chmod(state, 0o444) == 0)
        let outcome = try run(["--state", "state.json"], in: directory)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("it is read-only (mode 444)"), "\(outcome.stderr)")
        #expect(try String(contentsOfFile: state, encoding: .utf8) == "{}")
        var status = stat()
        #expect(stat(state, &status) == 0 && status.st_mode & 0o777 == 0o444)
    }

    /// A shared sticky folder (mode 1777, as /tmp) in a new temporary folder, owned by `owner`.
    private func sharedFolder(owner: uid_t = 0) throws -> (directory: URL, shared: URL) {
        let directory = try FlowrunProcess.temporaryDirectory()
        let shared = directory.appendingPathComponent("shared")
        #expect(mkdir(shared.path, 0o777) == 0 && chmod(shared.path, 0o1777) == 0 && chown(shared.path, owner, owner) == 0)
        return (directory, shared)
    }

    /// A link at `name` in `folder` to `target`, owned by `owner` (as if that user made it).
    private func plantLink(_ name: String, in folder: URL, to target: String, owner: uid_t) {
        let link = folder.appendingPathComponent(name).path
        #expect(symlink(target, link) == 0 && lchown(link, owner, owner) == 0, "\(String(cString: strerror(errno)))")
    }

    /// The attack on a shared folder: a neighbour (uid 65534) plants `state.json`, its lock
    /// file, a transcript, a `test -o` target and the remembered answers as links to the
    /// victim's private file. Each is refused (exit 2, the link named, remembered answers
    /// with a warning), and the private file stays as it was.
    @Test(.enabled(if: getuid() == 0, "not root: no link can be given to another user"))
    func aNeighboursLinkInASharedStickyFolderIsRefused() throws {
        let (directory, shared) = try sharedFolder()
        let victim = directory.appendingPathComponent("private").path
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        let message = "is a symbolic link another user (uid 65534) made in a shared sticky folder"
        for (option, name) in [("--state", "state.json"), ("--transcript", "transcript.jsonl")] {
            plantLink(name, in: shared, to: victim, owner: 65534)
            let outcome = try run([option, shared.appendingPathComponent(name).path], in: directory)
            #expect(outcome.status == 2, "\(option): \(outcome.stderr)")
            #expect(outcome.stderr.contains("'\(shared.appendingPathComponent(name).path)' \(message)"), "\(outcome.stderr)")
        }
        plantLink(".lock-only.json.lock", in: shared, to: victim, owner: 65534)
        let locked = try run(["--state", shared.appendingPathComponent("lock-only.json").path], in: directory)
        #expect(locked.status == 2, "\(locked.stderr)")
        #expect(locked.stderr.contains(".lock-only.json.lock' \(message)"), "\(locked.stderr)")
        plantLink("out.flowtest.yaml", in: shared, to: victim, owner: 65534)
        let notes = Fixtures.packageRoot.appendingPathComponent("Flows/notes.yaml").path
        let generated = try FlowrunProcess.run(["test", "--generate", notes, "-o", shared.appendingPathComponent("out.flowtest.yaml").path], directory: directory)
        #expect(generated.status == 2, "\(generated.stderr)")
        #expect(generated.stderr.contains(message), "\(generated.stderr)")
        // Remembered answers: the store's folder made shared, the store a neighbour's link.
        let home = directory.appendingPathComponent("state-home")
        let store = home.appendingPathComponent("flowrun")
        #expect(mkdir(home.path, 0o700) == 0 && mkdir(store.path, 0o777) == 0 && chmod(store.path, 0o1777) == 0)
        plantLink("remembered.json", in: store, to: victim, owner: 65534)
        let flow = directory.appendingPathComponent("remember.yaml")
        try "version: 1\nflow: app\nstart: s\nscreens:\n  s:\n    fields: [{ id: name, remember: true }]\n    terminal: true\n"
            .write(to: flow, atomically: true, encoding: .utf8)
        let remembered = try FlowrunProcess.run(["run", flow.path], stdin: "Ada\n", directory: directory, environment: ["XDG_STATE_HOME": home.path])
        #expect(remembered.status == 0, "\(remembered.stderr)")
        #expect(remembered.stderr.contains("cannot remember answers") && remembered.stderr.contains(message), "\(remembered.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n", "the neighbour's link was followed")
    }

    /// The kernel's rule, not a ban on links: in a shared folder, a link the user made, or
    /// the folder's owner made, is followed; outside one, anybody's link is.
    @Test(.enabled(if: getuid() == 0, "not root: no link can be given to another user"))
    func aLinkOfTheUserOrTheFolderOwnerIsFollowed() throws {
        let (directory, shared) = try sharedFolder(owner: 4242)
        let own = directory.appendingPathComponent("own.json").path
        try "{}".write(toFile: own, atomically: true, encoding: .utf8)
        for (name, owner) in [("mine.json", uid_t(0)), ("folder-owner.json", uid_t(4242))] {
            plantLink(name, in: shared, to: own, owner: owner)
            let outcome = try run(["--state", shared.appendingPathComponent(name).path], in: directory)
            #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
        }
        plantLink("elsewhere.json", in: directory, to: own, owner: 65534)
        let outcome = try run(["--state", "elsewhere.json"], in: directory)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try String(contentsOfFile: own, encoding: .utf8).hasPrefix("{\"format\""))
    }
}
