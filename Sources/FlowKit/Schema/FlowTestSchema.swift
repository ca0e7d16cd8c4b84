import FlowYAML

/// The JSON Schema (2020-12) of flow test files (`*.flowtest.yaml`, cli.md `test`,
/// docs/flow-tests.md), for editors: every key with its type and a description.
public enum FlowTestSchema {
    /// The schema as pretty-printed JSON with sorted keys.
    public static var json: String { schema.document }

    static var schema: JSONValue {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:flowrun:flow-test-file:1",
            "title": "flowrun flow test file",
            "description": "Scripted sessions of one flow, each with what must hold when it ends (flowrun test).",
            "type": "object",
            "properties": [
                "flow": ["type": "string", "description": "The flow file under test, relative to this file."],
                "now": now("What now() and today() read in every case that fixes no time of its own (default 2026-01-01T00:00:00Z)."),
                "commands": ["$ref": "#/$defs/commands", "description": "Stubs every case may use, after its own."],
                "cases": ["type": "array", "items": ["$ref": "#/$defs/case"], "description": "The cases, each run on a fresh session."],
            ],
            "required": ["flow", "cases"],
            "additionalProperties": false,
            "$defs": [
                "case": testCase,
                "expect": expectations,
                "commands": [
                    "type": "array",
                    "description": "Stand-ins for the programs the flow's run steps start, matched on their arguments after templating; tests never execute a program.",
                    "items": [
                        "type": "object",
                        "properties": [
                            "command": ["type": "array", "minItems": 1, "items": ["type": ["string", "number", "boolean"]], "description": "The program and its arguments, as the run step gives them."],
                            "exit_code": ["type": "integer", "description": "The program's exit code (default 0)."],
                            "stdout": ["type": "string", "description": "What it writes on stdout (default empty)."],
                            "timed_out": ["type": "boolean", "description": "Whether it timed out (default false)."],
                        ],
                        "required": ["command"],
                        "additionalProperties": false,
                    ],
                ],
                "lines": ["type": "array", "items": ["type": ["string", "number", "boolean", "null"]], "description": "Screens, flowid/screenid, or screen ids."],
                "scalars": ["type": "object", "additionalProperties": ["type": ["string", "number", "boolean", "null"]]],
            ],
        ]
    }

    static func now(_ description: String) -> JSONValue {
        ["type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$", "description": .string(description)]
    }

    static var testCase: JSONValue {
        [
            "type": "object",
            "properties": [
                "name": ["type": "string", "description": "What the case shows; unique in the file."],
                "input": [
                    "type": "array", "items": ["type": ["string", "number", "boolean", "null"]],
                    "description": "Lines as plain mode reads them: a field's answer, /ID for an action at a field, an action's id or number at the action prompt.",
                ],
                "answers": [
                    "type": "object",
                    "description": "Answers given up front, as --answers gives them: fieldid or flowid.fieldid to a value, or a list for a multichoice.",
                    "additionalProperties": ["type": ["string", "number", "boolean", "null", "array"]],
                ],
                "env": ["$ref": "#/$defs/scalars", "description": "What env.NAME reads."],
                "now": now("What now() and today() read in this case."),
                "commands": ["$ref": "#/$defs/commands", "description": "This case's stubs, tried before the file's."],
                "expect": ["$ref": "#/$defs/expect", "description": "What must hold when the run ends; what is left out is not checked."],
            ],
            "required": ["name", "expect"],
            "additionalProperties": false,
        ]
    }

    static var expectations: JSONValue {
        [
            "type": "object",
            "properties": [
                "status": ["enum": ["finished", "exited", "cancelled", "incomplete", "failed", "interrupted"], "description": "How the run ended."],
                "exit_code": ["type": "integer", "description": "The run's exit code."],
                "screen": ["type": "string", "description": "The last screen shown: flowid/screenid, or a screen id."],
                "path": ["$ref": "#/$defs/lines", "description": "Every screen shown, exactly."],
                "path_includes": ["$ref": "#/$defs/lines", "description": "Screens shown in this order, others allowed between."],
                "values": [
                    "type": "object",
                    "description": "Variables that must have these values, by flow id then name; others are not checked. A map is a subset at every depth (maps inside list elements too); a list keeps its length and order.",
                    "additionalProperties": ["type": "object"],
                ],
                "message": ["type": ["string", "number", "boolean"], "description": "The run's final message (an exit's or a stop's), whole, secrets masked."],
                "said": ["type": "array", "items": ["type": ["string", "number", "boolean"]], "description": "Messages said, whole, in this order, others allowed between."],
                "shown": ["type": "array", "items": ["type": ["string", "number", "boolean"]], "description": "Texts within flow titles, screen titles or texts shown, in this order; a later one may be further along the same text."],
            ],
            "additionalProperties": false,
        ]
    }
}
