internal import CYAML

/// Runs libyaml's event parser over a buffer and feeds each event to a `TreeBuilder`.
///
/// The only file that imports libyaml: C types and pointers stay here, and
/// libyaml's errors become a `LibYAMLError` in one place.
enum EventParser {
    /// Parses `bytes` and returns libyaml's error, if it stopped on one.
    static func run(_ bytes: UnsafeBufferPointer<UInt8>, into builder: inout TreeBuilder) -> LibYAMLError? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            return LibYAMLError(problem: "out of memory", mark: .start)
        }
        defer { yaml_parser_delete(parser) }
        guard let input = bytes.baseAddress else {
            // libyaml asserts on a null input pointer, which an empty buffer has.
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { pointer in
                yaml_parser_set_input_string(parser, pointer, 0)
                return parse(parser, into: &builder)
            }
        }
        yaml_parser_set_input_string(parser, input, bytes.count)
        return parse(parser, into: &builder)
    }

    private static func parse(_ parser: UnsafeMutablePointer<yaml_parser_t>, into builder: inout TreeBuilder) -> LibYAMLError? {
        var event = yaml_event_t()
        while !builder.stopped {
            guard yaml_parser_parse(parser, &event) == 1 else { return error(of: parser.pointee) }
            let isEnd = event.type == YAML_STREAM_END_EVENT
            withUnsafePointer(to: &event) { deliver($0, to: &builder) }
            yaml_event_delete(&event)
            if isEnd { break }
        }
        return nil
    }

    private static func deliver(_ event: UnsafePointer<yaml_event_t>, to builder: inout TreeBuilder) {
        let start = packed(event.pointee.start_mark), end = packed(event.pointee.end_mark)
        switch event.pointee.type {
        case YAML_DOCUMENT_START_EVENT:
            builder.documentStart(at: start)
        case YAML_SCALAR_EVENT:
            let scalar = event.pointee.data.scalar
            builder.scalar(UnsafeBufferPointer(start: scalar.value, count: scalar.length),
                           style: scalarStyle(scalar.style), tag: string(scalar.tag), anchor: string(scalar.anchor),
                           start: start, end: end)
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.pointee.data.sequence_start
            builder.collectionStart(mapping: false, style: sequence.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block,
                                    tag: string(sequence.tag), anchor: string(sequence.anchor), start: start)
        case YAML_MAPPING_START_EVENT:
            let mapping = event.pointee.data.mapping_start
            builder.collectionStart(mapping: true, style: mapping.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block,
                                    tag: string(mapping.tag), anchor: string(mapping.anchor), start: start)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            builder.collectionEnd(at: end)
        case YAML_ALIAS_EVENT:
            builder.alias(string(event.pointee.data.alias.anchor) ?? "", start: start, end: end)
        default:
            break
        }
    }

    private static func packed(_ mark: yaml_mark_t) -> PackedMark {
        PackedMark(line: UInt32(clamping: mark.line + 1), column: UInt32(clamping: mark.column + 1))
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func scalarStyle(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private static func error(of parser: yaml_parser_t) -> LibYAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "out of memory"
        switch parser.error {
        case YAML_READER_ERROR:
            // The reader reports a byte offset, not a mark.
            return LibYAMLError(problem: problem, readerOffset: parser.problem_offset, value: Int(parser.problem_value))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = parser.context.map { (String(cString: $0), packed(parser.context_mark).mark) }
            return LibYAMLError(problem: problem, mark: packed(parser.problem_mark).mark, context: context)
        default:
            return LibYAMLError(problem: problem, mark: .start)
        }
    }
}
