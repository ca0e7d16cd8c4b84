import FlowYAML

/// The JSON Schema (2020-12) of flow files, version 1, for editors (yaml-language-server):
/// every key of spec §3–§8 with its type and a description. The validator checks far
/// more (targets, expressions, the responder chain); the schema catches what an editor
/// can check as the author types.
public enum FlowSchema {
    /// The schema as pretty-printed JSON with sorted keys.
    public static var json: String { schema.document }

    static let idPattern = "^[A-Za-z_][A-Za-z0-9_-]*$"

    static var schema: JSONValue {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:flowrun:flow-file:1",
            "title": "flowrun flow file",
            "description": "A tree of flows: screens with text, fields and actions, and handlers that route actions along the responder chain (screen, its flow, parent flows, the root, the application).",
            "allOf": [["$ref": "#/$defs/flowBody"]],
            "properties": [
                "version": ["const": 1, "description": "The flow format's version. Required; only 1 exists."],
                "flow": ["$ref": "#/$defs/id", "description": "The root flow's id (child flows take their key under 'flows' as id)."],
            ],
            "required": ["version", "flow", "start"],
            "unevaluatedProperties": false,
            "$defs": definitions,
        ]
    }

    static func text(_ description: String) -> JSONValue {
        ["$ref": "#/$defs/template", "description": .string(description)]
    }

    static func expression(_ description: String) -> JSONValue {
        ["$ref": "#/$defs/expression", "description": .string(description)]
    }

    static func flag(_ description: String) -> JSONValue {
        ["type": "boolean", "description": .string(description)]
    }

    static var definitions: JSONValue {
        [
            "id": ["type": "string", "pattern": .string(idPattern), "description": "An id: a letter or '_', then letters, digits, '_' or '-'."],
            "template": [
                "type": ["string", "number", "boolean"],
                "description": "Text shown to people; '{{ expression }}' parts are replaced by their value ('{{ '{{' }}' writes a literal '{{').",
            ],
            "expression": [
                "type": ["string", "number", "boolean"],
                "description": "A CEL expression (spec §9): literals, names along the chain, flowid.name, env.NAME, operators and functions such as size(), contains(), matches().",
            ],
            "flowBody": flowBody,
            "command": command(into: true),
            "check": command(into: false),
            "childFlow": [
                "oneOf": [
                    [
                        "type": "object",
                        "properties": ["include": ["type": "string", "description": "A file holding this child flow, relative to this file. It is a complete flow document whose 'flow' equals this key."]],
                        "required": ["include"],
                        "additionalProperties": false,
                    ],
                    [
                        "type": "object",
                        "properties": [
                            "use": ["type": "string", "description": "A flow file reused under this key as id, relative to this file: each use is a separate flow with its own variables."],
                            "with": ["$ref": "#/$defs/arguments", "description": "Values for the flow's params, by name."],
                            "title": text("Replaces the used file's title."),
                        ],
                        "required": ["use"],
                        "additionalProperties": false,
                    ],
                    [
                        "allOf": [["$ref": "#/$defs/flowBody"]],
                        "required": ["start"],
                        "unevaluatedProperties": false,
                    ],
                ],
            ],
            "arguments": [
                "type": "object",
                "description": "Values for the started flow's params, by name: expressions evaluated in the flow that starts it.",
                "propertyNames": ["pattern": .string(idPattern)],
                "additionalProperties": ["$ref": "#/$defs/expression"],
            ],
            "target": [
                "oneOf": [
                    ["$ref": "#/$defs/id", "description": "A screen or child flow of the handling flow."],
                    [
                        "type": "object",
                        "properties": [
                            "to": ["$ref": "#/$defs/id", "description": "A screen or child flow of the handling flow."],
                            "with": ["$ref": "#/$defs/arguments", "description": "Values for the flow's params, by name."],
                            "for_each": expression("A list: the child flow runs once per element, and flowid.results then lists each run's result."),
                            "as": ["$ref": "#/$defs/id", "description": "The child flow's param that receives each element of for_each."],
                            "index": ["$ref": "#/$defs/id", "description": "The child flow's param, declared as an int, that receives each run's 0-based position."],
                        ],
                        "required": ["to"],
                        "additionalProperties": false,
                    ],
                ],
            ],
            "screen": screen,
            "field": field,
            "option": [
                "oneOf": [
                    ["type": ["string", "number", "boolean"], "description": "The option's value, shown as its label."],
                    [
                        "type": "object",
                        "properties": [
                            "value": ["type": ["string", "number", "boolean"], "description": "The value the field takes when this option is chosen."],
                            "label": text("What the option shows (default: the value)."),
                        ],
                        "required": ["value"],
                        "additionalProperties": false,
                    ],
                ],
            ],
            "action": [
                "oneOf": [
                    ["$ref": "#/$defs/id", "description": "An action id: its label is the id, humanized."],
                    [
                        "type": "object",
                        "properties": [
                            "id": ["$ref": "#/$defs/id", "description": "The action's id, routed along the responder chain when chosen."],
                            "label": text("What the action shows (default: the id, humanized)."),
                            "key": ["type": "string", "minLength": 1, "maxLength": 1, "pattern": #"^[^0-9/\s\x00-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]$"#,
                                    "description": "A one-character shortcut: not a digit (digits number the actions), '/', a space or a control character."],
                            "validate": flag("Whether the screen's fields must be valid before the action runs (default true; false for back and quit)."),
                            "when": expression("The action is offered only while this holds."),
                            "default": flag("The action an empty line at the action prompt, and --defaults, choose (at most one per screen)."),
                        ],
                        "required": ["id"],
                        "additionalProperties": false,
                    ],
                ],
            ],
            "handlers": [
                "type": "object",
                "description": "Actions handled here, by action id (or 'flowid.done' when a child flow finishes).",
                "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_-]*(\\.done)?$"],
                "additionalProperties": [
                    "description": "One branch, or a list of branches: the first whose 'when' holds runs; if none holds, the action goes on up the chain.",
                    "oneOf": [["$ref": "#/$defs/branch"], ["type": "array", "items": ["$ref": "#/$defs/branch"]]],
                ],
            ],
            "branch": branch,
            "observerBranch": observerBranch,
        ]
    }

    static var flowBody: JSONValue {
        [
            "type": "object",
            "properties": [
                "title": text("Shown when the flow starts."),
                "start": ["$ref": "#/$defs/id", "description": "Required: a screen of this flow or a child flow, entered when the flow starts."],
                "variables": [
                    "type": "object",
                    "description": "Initial values of this flow's variables: scalars, lists and maps.",
                    "propertyNames": ["pattern": .string(idPattern)],
                ],
                "env": [
                    "type": "array", "items": ["type": "string"],
                    "description": "Environment variables this flow and the flows inside it may read as env.NAME.",
                ],
                "screens": [
                    "type": "object", "description": "This flow's screens, by id.",
                    "propertyNames": ["pattern": .string(idPattern)],
                    "additionalProperties": ["$ref": "#/$defs/screen"],
                ],
                "flows": [
                    "type": "object", "description": "Child flows, by id: written here or included from a file.",
                    "propertyNames": ["pattern": .string(idPattern)],
                    "additionalProperties": ["$ref": "#/$defs/childFlow"],
                ],
                "on": ["$ref": "#/$defs/handlers", "description": "Actions this flow handles."],
                "result": [
                    "type": "object",
                    "description": "The flow's public contract: names computed when it finishes; from outside, flowid.name reads only these.",
                    "additionalProperties": ["$ref": "#/$defs/expression"],
                ],
                "computed": [
                    "type": "object",
                    "description": "Derived values, read-only, evaluated from the flow's current variables whenever they are read.",
                    "additionalProperties": ["$ref": "#/$defs/expression"],
                ],
                "params": [
                    "type": "object",
                    "description": "The flow's inputs, set by 'with', with their defaults (null: required); inside, they read like variables.",
                    "propertyNames": ["pattern": .string(idPattern)],
                ],
                "observe": [
                    "type": "object",
                    "description": "Notifications this flow observes, by name: every observer runs when one is posted. Observers make no transition.",
                    "propertyNames": ["pattern": .string(idPattern)],
                    "additionalProperties": [
                        "oneOf": [["$ref": "#/$defs/observerBranch"], ["type": "array", "items": ["$ref": "#/$defs/observerBranch"]]],
                    ],
                ],
            ],
        ]
    }

    /// The keys of a branch that make no transition: an observer's branch has only these.
    static var effects: [String: JSONValue] {
        [
            "when": expression("The branch runs only if this holds."),
            "set": [
                "type": "object",
                "description": "Assignments in order: name (a variable of the handling flow) or flowid.name to an expression; or into one, by index or key: 'accounts[user]' adds or replaces a map entry, 'items[2]' replaces a list element, 'a.b[k]' goes deeper.",
                "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_-]*(\\.[A-Za-z_][A-Za-z0-9_-]*)*(\\[.+\\](\\.[A-Za-z_][A-Za-z0-9_]*|\\[.+\\])*)?$"],
                "additionalProperties": ["$ref": "#/$defs/expression"],
            ],
            "say": text("A message shown on the current screen."),
            "run": [
                "description": "Run a program, or a list of programs in order until one fails (like &&), without a shell, only when the user passed --trust.",
                "oneOf": [
                    ["$ref": "#/$defs/command"],
                    ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/command"]],
                ],
            ],
            "post": ["$ref": "#/$defs/id", "description": "Deliver this notification to every flow that observes it, root first."],
        ]
    }

    /// A program to run: a branch's (`into` receives how it ended), or a field's check
    /// (valid when it exits 0), which has no `into`.
    static func command(into: Bool) -> JSONValue {
        var properties: [String: JSONValue] = [
            "command": ["type": "array", "minItems": 1, "items": ["$ref": "#/$defs/template"], "description": "The program and its arguments, each a template."],
            "env": [
                "type": "object", "description": "Environment variables for the program, each a template: the place for secrets.",
                "propertyNames": ["pattern": "^[A-Za-z_][A-Za-z0-9_]*$"],
                "additionalProperties": ["$ref": "#/$defs/template"],
            ],
            "timeout": ["type": "number", "exclusiveMinimum": 0, "maximum": 86400, "description": "Seconds before the program and its children are killed (default 60)."],
            "label": text("What the spinner says while the program runs."),
        ]
        if into {
            properties["into"] = ["$ref": "#/$defs/id", "description": "A variable of the handling flow, declared as {}, that receives { exit_code, stdout, timed_out }."]
        }
        return [
            "type": "object",
            "description": .string(into ? "A program, without a shell. 'into' receives how it ended." : "A program, without a shell: the answer is valid when it exits 0."),
            "properties": .object(properties),
            "required": ["command"],
            "additionalProperties": false,
        ]
    }

    static var observerBranch: JSONValue {
        [
            "type": "object",
            "description": "A program, assignments, a notification and a message, run in that order; no transition.",
            "properties": .object(effects),
            "additionalProperties": false,
        ]
    }

    static var screen: JSONValue {
        [
            "type": "object",
            "properties": [
                "title": text("The screen's heading."),
                "text": text("The screen's body text."),
                "fields": ["type": "array", "items": ["$ref": "#/$defs/field"], "description": "Asked in order, each while its 'when' holds."],
                "actions": ["type": "array", "items": ["$ref": "#/$defs/action"], "description": "Offered once the fields are answered."],
                "on": ["$ref": "#/$defs/handlers", "description": "Actions this screen handles itself."],
                "terminal": flag("Once shown and answered, the screen's flow finishes; it offers no actions."),
                "enter": [
                    "description": "Runs each time a transition makes the screen the one shown, before it is shown: one branch, or a list of branches, the first whose 'when' holds running. A transition it makes skips the screen.",
                    "oneOf": [["$ref": "#/$defs/branch"], ["type": "array", "items": ["$ref": "#/$defs/branch"]]],
                ],
            ],
            "additionalProperties": false,
        ]
    }

    static var field: JSONValue {
        [
            "type": "object",
            "properties": [
                "id": ["$ref": "#/$defs/id", "description": "Required: the variable the answer sets, in the screen's flow."],
                "type": [
                    "enum": .array(FieldType.allCases.map { .string($0.rawValue) }),
                    "description": "The kind of answer (default text). A secret is never shown, saved or logged.",
                ],
                "label": text("The prompt (default: the id, humanized)."),
                "help": text("Shown with the prompt."),
                "placeholder": text("Shown greyed while the answer is empty."),
                "default": ["description": "Used when the answer is empty: a literal, or a template."],
                "required": flag("An empty answer with no default is refused (default false)."),
                "pattern": ["type": "string", "description": .string("For \(FieldType.listed { $0.takesPattern }): a regular expression the whole answer must match.")],
                "min": ["type": "number", "description": .string("Lower bound: of \(boundsMeanings).")],
                "max": ["type": "number", "description": .string("Upper bound: of \(boundsMeanings).")],
                "options": [
                    "description": .string("For \(FieldType.listed { $0.hasOptions }): a list of values or { value, label }, or an expression giving a list."),
                    "oneOf": [["type": "array", "items": ["$ref": "#/$defs/option"]], ["$ref": "#/$defs/expression"]],
                ],
                "when": expression("The field is asked only while this holds; otherwise its value is null."),
                "message": text("Replaces the built-in message when a constraint fails."),
                "validate": [
                    "type": "array",
                    "description": "Checked when the field is answered: every rule must hold, every program (only with --trust) exit 0.",
                    "items": [
                        "type": "object",
                        "properties": [
                            "rule": expression("Must hold for the answer to be taken."),
                            "run": ["$ref": "#/$defs/check", "description": "A program that checks the answer (only with --trust): it is valid when the program exits 0."],
                            "message": text("Shown when the rule fails."),
                        ],
                        "oneOf": [["required": ["rule"]], ["required": ["run"]]],
                        "additionalProperties": false,
                    ],
                ],
                "remember": flag("The answer becomes the next run's default (never for a secret)."),
            ],
            "required": ["id"],
            "additionalProperties": false,
            "if": ["properties": ["type": ["enum": .array(FieldType.allCases.filter(\.kind.hasOptions).map { .string($0.rawValue) })]], "required": ["type"]],
            "then": ["required": ["options"]],
        ]
    }

    /// What `min` and `max` bound, by type, from the field kinds: "the value (integer,
    /// number), the length (text, secret) or the number of choices (multichoice)".
    private static var boundsMeanings: String {
        FieldBounds.Measure.allCases.compactMap { measure -> String? in
            let types = FieldType.allCases.filter { $0.kind.bounds == measure }.map(\.rawValue)
            return types.isEmpty ? nil : "\(measure.noun) (\(types.joined(separator: ", ")))"
        }.prose("or")
    }

    static var branch: JSONValue {
        var properties = effects
        let transitions: [String: JSONValue] = [
            "push": ["$ref": "#/$defs/target", "description": "Push a screen of the handling flow, or present a child flow on top."],
            "replace": ["$ref": "#/$defs/target", "description": "Make a screen the handling flow's whole stack, or a child flow its active child."],
            "back": ["const": true, "description": "Pop the handling flow's stack."],
            "send": [
                "type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_-]*(\\.done)?$",
                "description": "Dispatch another action, starting at the handling responder's next responder.",
            ],
            "finish": ["const": true, "description": "The handling flow finishes; its result is computed and flowid.done goes to its parent."],
            "exit": [
                "description": "End the whole run.",
                "oneOf": [
                    ["type": "null"],
                    [
                        "type": "object",
                        "properties": [
                            "code": ["type": "integer", "minimum": 0, "maximum": 255, "description": "The exit status (default 0)."],
                            "message": text("Printed when the run ends."),
                        ],
                        "additionalProperties": false,
                    ],
                ],
            ],
        ]
        properties.merge(transitions) { first, _ in first }
        return [
            "type": "object",
            "description": "A program, assignments, a notification and a message, run in that order, then at most one transition.",
            "properties": .object(properties),
            "additionalProperties": false,
        ]
    }
}
