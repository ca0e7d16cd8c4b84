@testable import FlowKit
import Testing

/// `FlowRoutes`, the chain walk's answers as `chain` and `graph` print them.
@Suite struct FlowRoutesTests {
    private func routes(_ yaml: String) throws -> (routes: FlowRoutes, tree: ResponderTree) {
        let document = try #require(FlowLoader().load(Array(yaml.utf8), file: "f.yaml").document)
        let tree = try ResponderTree(document)
        return (FlowRoutes(tree), tree)
    }

    @Test func anActionIsOfferedToEachHandlerUpToOneThatAlwaysTakesIt() throws {
        let (routes, _) = try routes("""
            version: 1
            flow: app
            start: home
            on:
              go: { say: "root" }
            screens:
              home:
                actions: [go, other]
                on:
                  go: [{ when: "false", say: "guarded" }]
            """)
        let go = routes.route(of: "go", fromScreen: 0)
        #expect(go.candidates.map(\.responder) == ["screen 'home'", "flow 'app'"])
        #expect(go.candidates.map { $0.branches.map(\.condition) } == [["false"], [nil]])
        #expect(!go.reachesApplication)
        let other = routes.route(of: "other", fromScreen: 0)
        #expect(other.candidates.isEmpty && other.reachesApplication)
    }

    /// The walk visits only the flows above the screen that handle the action: a sibling's
    /// handler, earlier in the tree, is passed over, and each nearer one comes first.
    @Test func aSiblingsHandlerIsNotOnTheChain() throws {
        let (routes, tree) = try routes("""
            version: 1
            flow: app
            start: b
            on:
              go: { say: "root" }
            flows:
              a:
                start: one
                on:
                  go: { say: "sibling" }
                screens:
                  one: { actions: [go] }
              b:
                start: c
                on:
                  go: [{ when: "false", say: "parent" }]
                flows:
                  c:
                    start: two
                    screens:
                      two: { actions: [go] }
            """)
        let two = try #require(tree.screen(flow: "c", id: "two"))
        #expect(routes.route(of: "go", fromScreen: two).candidates.map(\.responder) == ["flow 'b'", "flow 'app'"])
    }

    /// A document with errors is analysed through the same tree: compiling it to run
    /// fails, compiling it for analysis keeps every handler and branch, with a target
    /// that names nothing as nil.
    @Test func aDocumentWithErrorsIsAnalysedThroughTheCompiledTree() throws {
        let document = try #require(FlowLoader().load(Array("""
            version: 1
            flow: app
            start: home
            on:
              go: [{ when: "1 +", push: nowhere }, { say: "{{ oops" }]
            screens:
              home: { actions: [go] }
            """.utf8), file: "f.yaml").document)
        #expect(throws: CompileError.self) { try ResponderTree(document) }
        let tree = ResponderTree(analysing: FlowIndex(root: document.root))
        let route = StaticRoute(try #require(tree.actionNumber("go")), from: .screen(0), in: tree)
        let branches = try #require(route.handlers.first?.handler.branches)
        #expect(route.handlers.count == 1 && branches.count == 2 && !route.reachesApplication)
        #expect(branches[0].when?.source == "1 +")
        guard case .push(nil)? = branches[0].transition else {
            Issue.record("the push to a name that is nothing is kept, unresolved")
            return
        }
    }

    /// Each offered action follows its own sends: two actions that send the same one are
    /// both drawn.
    @Test func twoActionsSendingTheSameOneAreBothDrawn() throws {
        let (routes, _) = try routes("""
            version: 1
            flow: app
            start: home
            on:
              x: { push: done }
            screens:
              home:
                actions: [a1, a2]
                on:
                  a1: { send: x }
                  a2: { send: x }
              done: { actions: [quit] }
            """)
        let labels = routes.edges.filter { $0.from == .screen(0) && $0.to == .screen(1) }.map(\.label).sorted()
        #expect(labels == ["a1 → x", "a2 → x"])
    }

    /// A `quit` sent from the root reaches the application, which ends the run.
    @Test func quitSentFromTheRootEndsTheRun() throws {
        let (routes, _) = try routes("""
            version: 1
            flow: app
            start: home
            on:
              bye: { send: quit }
            screens:
              home: { actions: [bye] }
            """)
        #expect(routes.edges.contains { $0.from == .screen(0) && $0.to == .end && $0.label == "bye → quit" })
    }
}
