@testable import FlowKit
import Foundation
import Testing
import TestSupport

/// The runtime's rules (spec §6–§8), driven through the scenarios of the examples.
@Suite struct SessionTests {
    /// Spec §5: an action or field without a label shows its id, humanized.
    @Test func idsAreHumanizedIntoLabels() {
        let labels = ["sign_up": "Sign up", "sign-in_now": "Sign in now", "__a__b__": "A b", "ßig": "SSig", "ok": "Ok", "_": ""]
        for (id, label) in labels {
            #expect(Session.humanized(id) == label, "\(id)")
        }
    }

    static let specExample = """
    version: 1
    flow: app
    title: Acme
    start: login
    on:
      logged_in: { replace: main }
      logout:    { replace: login }
    flows:
      login:
        start: credentials
        on:
          sign_up: { push: signup }
          submit:
            - when: size(username) >= 4 && password == "1234"
              send: logged_in
            - set: { attempts: attempts + 1 }
              push: failed
        variables: { attempts: 0 }
        screens:
          credentials:
            title: Log in
            fields:
              - { id: username, label: Username, required: true }
              - { id: password, type: secret, required: true }
            actions: [submit, sign_up]
          signup:
            title: Create an account
            fields:
              - { id: email, pattern: '[^@ ]+@[^@ ]+', message: "That is not an e-mail address." }
            actions: [back]
          failed:
            text: "Login failed for {{ username }} ({{ attempts }} so far)."
            actions: [back]
      main:
        start: home
        screens:
          home:
            text: "You're logged in, {{ login.username }}!"
            actions: [logout, { id: quit, label: "Quit" }]
    """

    @Test func signInFailsOnceThenSucceedsAndTheRootReplacesLoginByMain() throws {
        var run = try SessionDriver(Self.specExample)
        #expect(run.shown == ["login/credentials"])
        run.enter("bob", "wrong", "submit")
        #expect(run.lastScreen == "login/failed")
        #expect(run.value("login", "attempts") == .int(1))
        run.enter("back")
        #expect(run.lastScreen == "login/credentials")
        // Earlier answers are the defaults now: an empty line keeps "bob".
        run.enter("", "1234", "submit")
        #expect(run.lastScreen == "login/failed", "'bob' is too short: the guard fails, the second branch runs")
        run.enter("back", "alice", "1234", "submit")
        #expect(run.routes.suffix(2) == ["submit→flow 'login'", "logged_in→flow 'app'"])
        #expect(run.lastScreen == "main/home")
        #expect(run.value("login", "attempts") == .int(2))
        #expect(run.shown == ["login/credentials", "login/failed", "login/credentials", "login/failed", "login/credentials", "main/home"])
        run.enter("quit")
        #expect(run.session.outcome == RunOutcome(.cancelled, exitCode: 0))
    }

    @Test func signUpIsPushedAndPoppedBackKeepingItsAnswers() throws {
        var run = try SessionDriver(Self.specExample)
        run.enter("alice", "pw", "sign_up")
        #expect(run.lastScreen == "login/signup")
        run.enter("not-an-address")
        #expect(run.refused == ["That is not an e-mail address."])
        #expect(run.asking == "email")
        run.enter("a@b.c", "back")
        #expect(run.lastScreen == "login/credentials")
        #expect(run.value("login", "username") == .string("alice"))
        #expect(run.value("login", "email") == .string("a@b.c"))
    }

    @Test func theExampleFlowsScriptReachesTheMainArea() throws {
        var run = try SessionDriver(fileAt: Fixtures.packageRoot.appendingPathComponent("Flows/signin.yaml").path)
        run.enter("sign_in", "alice", "guess", "submit", "retry", "", "wonderland", "submit", "quit")
        #expect(run.shown == ["login/welcome", "login/credentials", "login/failed", "login/credentials", "main/home"])
        #expect(run.session.outcome?.status == .cancelled)
    }

    @Test func aFlowReadsItsOwnVariablesByNameEvenWithAResult() throws {
        let yaml = """
        version: 1
        flow: app
        start: s
        variables: { count: 2 }
        result: { total: count }
        screens:
          s:
            text: "{{ app.count }}"
            actions: [quit]
        """
        #expect(Validator().validate(Array(yaml.utf8), file: "f.yaml").diagnostics.isEmpty)
        let run = try SessionDriver(yaml)
        #expect(try #require(run.actionPrompt).screen.text == "2")
    }

    /// A `set` whose expression fails leaves its variable as it was, and says so (spec §9).
    @Test func aFailedSetSaysTheVariableIsNotAssigned() throws {
        var driver = try SessionDriver("""
        version: 1
        flow: app
        start: s
        variables: { n: 7 }
        screens:
          s:
            fields: [{ id: word }]
            actions: [count, quit]
            on: { count: { set: { n: 'int(word)' } } }
        """)
        driver.enter("seven", "count")
        #expect(driver.warnings == ["'int(word)' failed: int(): 'seven' is not an integer; 'n' is not assigned"])
        #expect(driver.value("app", "n") == .int(7))
    }
}
