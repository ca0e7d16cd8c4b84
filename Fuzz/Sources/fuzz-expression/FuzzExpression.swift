import FlowKit
import FlowExpressions
import FuzzHarness

/// The expression language: any text is parsed, checked against a fixed scope and, when
/// it checks, evaluated; the same text is also read as a template and rendered. Every
/// step ends in a value or an issue, never a trap.
@main enum FuzzExpression {
    static func main() { Fuzzer.run(fuzzOne) }
}

func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let source = String(decoding: bytes, as: UTF8.self)
    if case .success(let expression) = ExpressionParser.parse(source) {
        _ = ExpressionChecker.check(expression, in: FuzzScope.shared)
        // Evaluated whether or not it checks: the evaluator must survive what the checker refuses.
        _ = Evaluator.evaluate(expression, in: FuzzScope.shared)
    }
    if case .success(let template) = Template.parse(source) {
        _ = template.check(in: FuzzScope.shared)
        _ = template.render(in: FuzzScope.shared)
    }
    return
}

/// Names of every type, edge values among them, as a flow's scope would offer.
struct FuzzScope: ExpressionScope, ValueScope {
    static let shared = FuzzScope()

    let values: [String: Value] = [
        "count": .int(3), "big": .int(Int.max), "small": .int(Int.min),
        "price": .double(9.5), "nan": .double(.nan), "inf": .double(.infinity),
        "name": .string("Ada"), "empty": .string(""), "pattern": .string("a("),
        "flag": .bool(true), "nothing": .null,
        "tags": .list([.string("a"), .string("b"), .int(1)]),
        "prices": .map(["tea": .double(2.5), "cake": .int(4)]),
    ]
    let flows: [String: [String: Value]] = ["login": ["username": .string("ada"), "attempts": .int(2)]]
    let environment: [String: String?] = ["HOME": "/home/ada", "EDITOR": nil]

    func variableType(_ name: String) -> ExpressionType? { values[name].map(ExpressionType.init(of:)) }
    func isFlow(_ name: String) -> Bool { flows[name] != nil }
    func flowMemberType(flow: String, member: String) -> ExpressionType? { flows[flow]?[member].map(ExpressionType.init(of:)) }
    func flowMemberNames(flow: String) -> [String] { (flows[flow] ?? [:]).keys.sorted() }
    func isVisibleEnvironmentVariable(_ name: String) -> Bool { environment.keys.contains(name) }
    var variableNames: [String] { values.keys.sorted() }
    func variable(_ name: String) -> Value? { values[name] }
    func flowMember(flow: String, member: String) -> Value? { flows[flow]?[member] }
    func environmentVariable(_ name: String) -> String? { environment[name] ?? nil }
}
