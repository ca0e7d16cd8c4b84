import FlowKit
import Testing
import FlowYAML

/// Where the cursor is, read from the text as it is typed: the flow style on the cursor's
/// line reads as the block style does (cli.md 1.2). The cursor is at the end of the last line.
@Suite struct EditingContextTests {
    private func context(_ text: String) -> EditingContext {
        let lines = text.components(separatedBy: "\n")
        return EditingContext(text: SourceText(Array(text.utf8)), line: lines.count,
                              column: (lines.last?.unicodeScalars.count ?? 0) + 1)
    }

    private static let screen = "version: 1\nflow: app\nscreens:\n  home:\n"

    @Test(arguments: [
        ("    on: { go: { push: ", ["screens", "home", "on", "go"], "push"),
        ("    on:\n      go: { when: 'a, b', replace: ", ["screens", "home", "on", "go"], "replace"),
        ("    on: { go: [ { when: ok }, { send: ", ["screens", "home", "on", "go", "-"], "send"),
        ("    on: { go: { set: { r: ", ["screens", "home", "on", "go", "set"], "r"),
        // A closed collection leaves the path; a quoted `{` or `,` opens or ends nothing.
        ("    on: { go: { push: x }, back: { say: \"{ a, b\", push: ", ["screens", "home", "on", "back"], "push"),
        ("    actions: [go, ", ["screens", "home", "actions", "-"], "actions"),
        ("    on:\n      go:\n        push: ", ["screens", "home", "on", "go"], "push"),
    ])
    func theValueKeyAndPathAreReadInEitherStyle(line: String, path: [String], key: String) {
        let found = context(Self.screen + line)
        #expect(found.path == path)
        #expect(found.valueKey == key)
    }

    @Test func aKeyOfAFlowMappingIsOfferedItsKeys() {
        let found = context(Self.screen + "    on: { go: { ")
        #expect(found.valueKey == nil)
        #expect(found.keys.contains("push") && found.keys.contains("when"), "\(found.keys)")
    }

    @Test func aTargetMappingIsOfferedIndexBesideForEachAndAs() {
        let found = context(Self.screen + "    on: { go: { push: { to: each, for_each: items, ")
        #expect(["to", "with", "for_each", "as", "index"].allSatisfy(found.keys.contains), "\(found.keys)")
    }

    @Test func aSetEntryInTheFlowStyleIsAnExpression() {
        #expect(context(Self.screen + "    on: { go: { set: { r: ").inExpression)
        // A key being typed is a target, which may index (spec §7 1.2).
        #expect(context(Self.screen + "    on: { go: { set: { 'accounts[us").inExpression)
        #expect(context(Self.screen + "    on:\n      go:\n        set:\n          accounts[us").inExpression)
        #expect(!context(Self.screen + "    on: { go: { push: ").inExpression)
    }

    /// A command of a `run` list is offered a command's keys; a field's check by a
    /// program (spec §6 1.2) has no `into`.
    @Test(arguments: [
        ("    on:\n      go:\n        run:\n          - ", true),
        ("    on: { go: { run: [ { command: [a] }, { ", true),
        ("    on:\n      go:\n        run:\n          ", true),
        ("    fields:\n      - id: tag\n        validate:\n          - run:\n              ", false),
        ("    fields:\n      - id: tag\n        validate:\n          - run: { ", false),
    ])
    func aCommandIsOfferedItsKeys(line: String, into: Bool) {
        let found = context(Self.screen + line)
        #expect(found.keys.contains("command") && found.keys.contains("env"), "\(found.path): \(found.keys)")
        #expect(found.keys.contains("into") == into, "\(found.path): \(found.keys)")
    }

    @Test func aValidateEntryIsOfferedARuleOrAProgram() {
        let found = context(Self.screen + "    fields:\n      - id: tag\n        validate:\n          - ")
        #expect(found.keys == ["rule", "run", "message"])
    }

    /// A screen's `enter` (spec §5 1.2) is one branch or a list of them.
    @Test(arguments: ["    enter: { ", "    enter:\n      ", "    enter:\n      - ", "    enter: [ { when: ok }, { "])
    func anEnterIsOfferedABranchsKeys(line: String) {
        let found = context(Self.screen + line)
        #expect(found.keys == BranchKeyNames.all, "\(found.path): \(found.keys)")
    }

    private enum BranchKeyNames {
        static let all = ["when", "set", "say", "push", "replace", "back", "send", "finish", "exit", "run", "post"]
    }
}
