import FoundationEssentials

/// A JSON value for writing schemas: objects keep no order (the encoder sorts keys).
indirect enum JSONSchemaValue: Encodable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([JSONSchemaValue])
    case object([String: JSONSchemaValue])

    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(arrayLiteral elements: JSONSchemaValue...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONSchemaValue)...) {
        self = .object(Dictionary(elements) { first, _ in first })
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let entries): try container.encode(entries)
        }
    }
}
