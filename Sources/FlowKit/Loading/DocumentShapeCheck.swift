import FlowYAML

/// The first check of a flow file's structure, made while it is read (`FlowLoader`),
/// before its model is built: one document whose root is a mapping.
enum DocumentShapeCheck {
    static func check(_ tree: YAMLTree) -> [Diagnostic] {
        guard let root = tree.documents.first else {
            return [Diagnostic(.missingKey, "the file has no content; a flow file needs at least 'version', 'flow' and 'start'",
                               file: tree.file, at: .start,
                               fix: Diagnostic.Fix("start the file with 'version: 1'", replacement: "version: 1"))]
        }
        if root.kind == .scalar, root.scalarKind == .null, root.isPlainUntagged {
            return [Diagnostic(.missingKey, "the document is empty; a flow file needs at least 'version', 'flow' and 'start'",
                               file: tree.file, at: root.start)]
        }
        guard root.kind == .mapping else {
            let found = root.kind == .sequence ? "a list" : "a scalar"
            return [Diagnostic(.typeMismatch, "a flow file is a mapping of keys such as 'version' and 'flow', but this is \(found)",
                               file: tree.file, at: root.start, end: root.end)]
        }
        return []
    }
}
