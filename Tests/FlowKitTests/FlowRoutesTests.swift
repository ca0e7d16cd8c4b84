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
        #expect(go.candidates == [.init(responder: "screen 'home'", conditions: ["false"]),
                                  .init(responder: "flow 'app'", conditions: [nil])])
        #expect(!go.reachesApplication)
        let other = routes.route(of: "other", fromScreen: 0)
        #expect(other.candidates.isEmpty && other.reachesApplication)
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
