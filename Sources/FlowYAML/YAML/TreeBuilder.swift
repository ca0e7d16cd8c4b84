/// Builds a `YAMLTree` from parse events, enforcing the limits of spec §11 as it goes.
///
/// Open collections live on an explicit stack, so nesting never costs native stack.
/// Aliases are stored as references to their anchored node, never copied, so an
/// alias bomb costs no memory; its size is counted and refused instead.
struct TreeBuilder {
    let file: String
    let limits: YAMLLimits

    private(set) var diagnostics: [Diagnostic] = []
    /// Set when a limit was hit: the caller stops feeding events.
    private(set) var stopped = false

    private var records: [NodeRecord] = []
    private var text: [UInt8] = []
    private var children: [UInt32] = []
    private var tags = TagTable()
    private var documentRoots: [UInt32] = []
    /// The keys of the mapping being checked for repeats, kept for its storage.
    private var sortedKeys: [UInt32] = []

    private var openCollections: [OpenCollection] = []
    /// Child indices of all open collections; each collection owns a suffix.
    private var pendingChildren: [UInt32] = []
    private var anchors: [String: Anchor] = [:]
    private var openAnchors: Set<String> = []
    private var documentCount = 0
    /// Nodes written in the file itself (excluding those synthesized for merge keys).
    private var ownNodes = 0
    /// Nodes that aliases stand for, counted as if expanded.
    private var aliasNodes: UInt64 = 0
    private var largestAlias: (nodes: UInt64, at: PackedMark) = (0, PackedMark(line: 1, column: 1))

    private struct OpenCollection {
        var record: UInt32
        var pendingBase: Int
        var anchor: String?
        var expandedNodes: UInt64 = 1
        var height = 1
        var hasMergeKey = false
        var isMapping: Bool
    }

    private struct Anchor {
        var record: UInt32
        var expandedNodes: UInt64
        var height: Int
    }

    init(file: String, limits: YAMLLimits, sizeHint: Int) {
        self.file = file
        self.limits = limits
        // Flow-shaped YAML runs at about one node per 10 bytes and half of it is scalar text.
        records.reserveCapacity(sizeHint / 10)
        children.reserveCapacity(sizeHint / 10)
        text.reserveCapacity(sizeHint / 2)
    }

    // MARK: Events

    mutating func documentStart(at mark: PackedMark) {
        documentCount += 1
        anchors.removeAll(keepingCapacity: true)
        if documentCount == 2 {
            report(.yamlMultipleDocuments,
                   "a flow file holds one YAML document, but a second one starts here",
                   at: mark, fix: Diagnostic.Fix("move each flow into a file of its own"))
        }
    }

    mutating func scalar(_ bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle, tag: String?, anchor: String?,
                         start: PackedMark, end: PackedMark) {
        guard bytes.count <= Int(UInt32.max) - text.count else { return tooLarge(at: start) }
        let kind = resolveKind(bytes, style: style, tag: tag, at: start, end: end)
        let offset = UInt32(text.count)
        text.append(contentsOf: bytes)
        let index = append(NodeRecord(kind: .scalar, style: style.rawValue, scalarKind: kind, tag: tags.intern(tag),
                                      start: start, end: end, first: offset, count: UInt32(bytes.count)))
        let isMergeKey = style == .plain && tag == nil && bytes.count == 2
            && bytes[0] == UInt8(ascii: "<") && bytes[1] == UInt8(ascii: "<")
        completed(index, expandedNodes: 1, height: 0, anchor: anchor, isMergeKey: isMergeKey)
    }

    mutating func collectionStart(mapping: Bool, style: CollectionStyle, tag: String?, anchor: String?, start: PackedMark) {
        guard openCollections.count < limits.maxDepth else {
            report(.yamlTooDeep, "collections nest more than \(limits.maxDepth) levels deep here", at: start)
            stopped = true
            return
        }
        let index = append(NodeRecord(kind: mapping ? .mapping : .sequence, style: style.rawValue, scalarKind: .null,
                                      tag: tags.intern(tag), start: start, end: start, first: 0, count: 0))
        if let anchor { openAnchors.insert(anchor) }
        openCollections.append(OpenCollection(record: index, pendingBase: pendingChildren.count, anchor: anchor, isMapping: mapping))
    }

    mutating func collectionEnd(at end: PackedMark) {
        guard let collection = openCollections.popLast() else { return }
        let entries = collection.pendingBase..<pendingChildren.count
        if collection.isMapping { reportDuplicateKeys(entries) }
        records[Int(collection.record)].first = UInt32(children.count)
        if collection.isMapping && collection.hasMergeKey {
            children.append(contentsOf: merged(Array(pendingChildren[entries])))
        } else {
            children.append(contentsOf: pendingChildren[entries])
        }
        records[Int(collection.record)].count = UInt32(children.count) - records[Int(collection.record)].first
        records[Int(collection.record)].end = end
        pendingChildren.removeLast(entries.count)
        if let anchor = collection.anchor { openAnchors.remove(anchor) }
        completed(collection.record, expandedNodes: collection.expandedNodes, height: collection.height,
                  anchor: collection.anchor, isMergeKey: false)
    }

    mutating func alias(_ name: String, start: PackedMark, end: PackedMark) {
        guard let anchor = anchors[name] else {
            let message = openAnchors.contains(name)
                ? "alias '*\(name)' refers to the collection that contains it; recursive structures are not allowed"
                : "no anchor '&\(name)' is defined before this alias"
            report(.yamlSyntax, message, at: start, end: end)
            stopped = true
            return
        }
        if openCollections.count + anchor.height > limits.maxDepth {
            report(.yamlTooDeep, "through this alias, collections nest more than \(limits.maxDepth) levels deep",
                   at: start, end: end)
            stopped = true
            return
        }
        aliasNodes = aliasNodes.addingReportingOverflow(anchor.expandedNodes).overflow ? .max : aliasNodes + anchor.expandedNodes
        if anchor.expandedNodes > largestAlias.nodes { largestAlias = (anchor.expandedNodes, start) }
        if aliasNodes > UInt64(limits.maxAliasNodes) {
            report(.yamlAliasBomb, "aliases in this file stand for more than \(limits.maxAliasNodes) nodes",
                   at: start, end: end, fix: Diagnostic.Fix("write the repeated part out, or repeat it fewer times"))
            stopped = true
            return
        }
        let index = append(NodeRecord(kind: .alias, style: 0, scalarKind: .null, tag: 0,
                                      start: start, end: end, first: anchor.record, count: 0))
        completed(index, expandedNodes: anchor.expandedNodes, height: anchor.height, anchor: nil, isMergeKey: false)
    }

    /// The tree and every diagnostic, once the events have run out (or stopped).
    mutating func finish() -> YAMLParseResult {
        if !stopped, aliasNodes > UInt64(limits.maxAliasRatio) * UInt64(ownNodes) {
            report(.yamlAliasBomb,
                   "aliases in this file stand for \(aliasNodes) nodes, more than \(limits.maxAliasRatio) times the \(ownNodes) it spells out",
                   at: largestAlias.at)
        }
        let tree = YAMLTree(file: file, records: records, text: text, children: children, tags: tags.tags,
                            documentRoots: documentRoots)
        return YAMLParseResult(tree: tree, diagnostics: diagnostics)
    }

    mutating func report(_ code: DiagnosticCode, _ message: String, at start: PackedMark, end: PackedMark? = nil,
                         notes: [Diagnostic.Note] = [], fix: Diagnostic.Fix? = nil) {
        diagnostics.append(Diagnostic(code, message, file: file, at: start.mark, end: end?.mark, notes: notes, fix: fix))
    }

    // MARK: Building

    private mutating func append(_ record: NodeRecord) -> UInt32 {
        records.append(record)
        ownNodes += 1
        return UInt32(records.count - 1)
    }

    private mutating func tooLarge(at mark: PackedMark) {
        report(.fileTooLarge, "the file holds more scalar text than a tree can address", at: mark)
        stopped = true
    }

    /// Files a finished node under its parent (or as a document root) and its anchor.
    private mutating func completed(_ index: UInt32, expandedNodes: UInt64, height: Int, anchor: String?, isMergeKey: Bool) {
        if let anchor { anchors[anchor] = Anchor(record: index, expandedNodes: expandedNodes, height: height) }
        guard let last = openCollections.indices.last else {
            documentRoots.append(index)
            return
        }
        let isKey = openCollections[last].isMapping && (pendingChildren.count - openCollections[last].pendingBase) % 2 == 0
        if isKey && isMergeKey { openCollections[last].hasMergeKey = true }
        pendingChildren.append(index)
        let sum = openCollections[last].expandedNodes.addingReportingOverflow(expandedNodes)
        openCollections[last].expandedNodes = sum.overflow ? .max : sum.partialValue
        openCollections[last].height = max(openCollections[last].height, height + 1)
    }

    /// The scalar's type: the core schema for plain untagged scalars, the tag where one is given.
    private mutating func resolveKind(_ bytes: UnsafeBufferPointer<UInt8>, style: ScalarStyle, tag: String?,
                                      at start: PackedMark, end: PackedMark) -> ScalarKind {
        guard let tag else { return style == .plain ? CoreSchema.kind(ofPlain: bytes) : .string }
        let expected: ScalarKind
        switch tag {
        case YAMLTag.null: expected = .null
        case YAMLTag.bool: expected = .bool
        case YAMLTag.int: expected = .int
        case YAMLTag.float: expected = .float
        default: return .string
        }
        let spelled = CoreSchema.kind(ofPlain: bytes)
        if spelled == expected || (expected == .float && spelled == .int) || (expected == .null && bytes.isEmpty) {
            return expected
        }
        report(.typeMismatch, "'\(String(decoding: bytes, as: UTF8.self))' is not a valid \(YAMLTag.shortName(tag))", at: start, end: end)
        return .string
    }

    // MARK: Mappings

    /// The identity of a scalar key for duplicate and merge checks: its type and text.
    private func keyIdentity(_ index: UInt32) -> (kind: ScalarKind, text: Range<Int>)? {
        var record = records[Int(index)]
        if record.kind == .alias { record = records[Int(record.first)] }
        guard record.kind == .scalar else { return nil }
        return (record.scalarKind, Int(record.first)..<Int(record.first + record.count))
    }

    private func keyName(_ identity: (kind: ScalarKind, text: Range<Int>)) -> String {
        String(decoding: text[identity.text], as: UTF8.self)
    }

    private func isMergeKey(_ index: UInt32) -> Bool {
        let record = records[Int(index)]
        return record.kind == .scalar && record.style == ScalarStyle.plain.rawValue && record.tag == 0
            && record.count == 2 && text[Int(record.first)] == UInt8(ascii: "<") && text[Int(record.first) + 1] == UInt8(ascii: "<")
    }

    /// Reports each key that repeats an earlier key of the same mapping; `entries`
    /// indexes `pendingChildren`, which holds the pairs as key, value, key, value….
    ///
    /// The keys are sorted by type and bytes, the order written kept among equal ones, so
    /// that each repeat follows the key it repeats. No key is copied or hashed, and the list
    /// of keys keeps its storage between mappings: most mappings of a flow file hold a
    /// handful of keys, and hashing them, or allocating for each mapping, cost more than
    /// the rest of building the tree's collections.
    ///
    /// - Complexity: O(n log n) comparisons of keys.
    private mutating func reportDuplicateKeys(_ entries: Range<Int>) {
        guard entries.count > 2 else { return }
        var keys = sortedKeys
        sortedKeys = []
        keys.removeAll(keepingCapacity: true)
        for position in stride(from: entries.lowerBound, to: entries.upperBound, by: 2) {
            let key = pendingChildren[position]
            if !isMergeKey(key), keyIdentity(key) != nil { keys.append(key) }
        }
        let (records, text) = (records, text)
        // Keys are record indices, which grow in the order written.
        keys.sort { a, b in
            let order = Self.compareKeys(a, b, records: records, text: text)
            return order != 0 ? order < 0 : a < b
        }
        // Each run of equal keys starts with the one written first.
        var repeats: [(key: UInt32, first: UInt32)] = []
        var runStart = keys.first ?? 0
        for (previous, key) in zip(keys, keys.dropFirst()) {
            if Self.compareKeys(previous, key, records: records, text: text) == 0 {
                repeats.append((key, runStart))
            } else {
                runStart = key
            }
        }
        sortedKeys = keys
        for repeated in repeats.sorted(by: { $0.key < $1.key }) {
            reportDuplicate(repeated.key, first: repeated.first, name: keyIdentity(repeated.key).map(keyName) ?? "")
        }
    }

    /// Orders two scalar keys by type, then by their bytes: negative, zero or positive.
    /// Byte order, unlike `String`'s canonical equivalence, keeps `café` and `cafe\u{301}`
    /// apart, as YAML does.
    private static func compareKeys(_ a: UInt32, _ b: UInt32, records: [NodeRecord], text: [UInt8]) -> Int {
        let (x, y) = (resolved(a, in: records), resolved(b, in: records))
        if x.scalarKind != y.scalarKind { return x.scalarKind.rawValue < y.scalarKind.rawValue ? -1 : 1 }
        let (xText, yText) = (Int(x.first)..<Int(x.first + x.count), Int(y.first)..<Int(y.first + y.count))
        for (p, q) in zip(xText, yText) where text[p] != text[q] { return text[p] < text[q] ? -1 : 1 }
        return xText.count - yText.count
    }

    /// The record a key stands for, past an alias.
    private static func resolved(_ index: UInt32, in records: [NodeRecord]) -> NodeRecord {
        let record = records[Int(index)]
        return record.kind == .alias ? records[Int(record.first)] : record
    }

    /// A key's type and bytes, for the merge of `<<` keys.
    private struct HashableKey: Hashable {
        var kind: ScalarKind
        var bytes: [UInt8]
    }

    private func hashable(_ identity: (kind: ScalarKind, text: Range<Int>)) -> HashableKey {
        HashableKey(kind: identity.kind, bytes: Array(text[identity.text]))
    }

    private mutating func reportDuplicate(_ key: UInt32, first: UInt32, name: String) {
        let repeated = records[Int(key)]
        let note = Diagnostic.Note("'\(name)' is first used here", file: file, at: records[Int(first)].start.mark)
        report(.duplicateKey, "duplicate key '\(name)' in this mapping", at: repeated.start, end: repeated.end, notes: [note])
    }

    /// The mapping's entries with each `<<` pair replaced by the pairs it merges in.
    ///
    /// Keys written in the mapping win over merged ones; among merged mappings the
    /// earlier wins, as the YAML merge-key specification says. Merged nodes reached
    /// through an alias are stored as aliases, so they remember where they were used.
    private mutating func merged(_ entries: [UInt32]) -> [UInt32] {
        var taken = Set(stride(from: 0, to: entries.count, by: 2).compactMap { i in
            isMergeKey(entries[i]) ? nil : keyIdentity(entries[i]).map(hashable)
        })
        var result: [UInt32] = []
        for i in stride(from: 0, to: entries.count, by: 2) {
            guard isMergeKey(entries[i]) else {
                result.append(entries[i])
                result.append(entries[i + 1])
                continue
            }
            for source in mergeSources(entries[i + 1]) {
                let sourceRecord = records[Int(source.mapping)]
                for pair in stride(from: Int(sourceRecord.first), to: Int(sourceRecord.first + sourceRecord.count), by: 2) {
                    let key = children[pair], value = children[pair + 1]
                    if let identity = keyIdentity(key) {
                        guard taken.insert(hashable(identity)).inserted else { continue }
                    }
                    result.append(source.alias.map { aliasRecord(to: key, usedAt: $0) } ?? key)
                    result.append(source.alias.map { aliasRecord(to: value, usedAt: $0) } ?? value)
                }
            }
        }
        return result
    }

    /// The mappings a `<<` value names, each with the alias it was reached through.
    private mutating func mergeSources(_ value: UInt32) -> [(mapping: UInt32, alias: NodeRecord?)] {
        func resolved(_ index: UInt32) -> (record: UInt32, alias: NodeRecord?) {
            let record = records[Int(index)]
            return record.kind == .alias ? (record.first, record) : (index, nil)
        }
        let top = resolved(value)
        let topRecord = records[Int(top.record)]
        let candidates: [(record: UInt32, alias: NodeRecord?)]
        switch topRecord.kind {
        case .mapping: candidates = [top]
        case .sequence:
            candidates = (Int(topRecord.first)..<Int(topRecord.first + topRecord.count)).map { resolved(children[$0]) }
        default: candidates = [top]
        }
        var sources: [(mapping: UInt32, alias: NodeRecord?)] = []
        for candidate in candidates {
            guard records[Int(candidate.record)].kind == .mapping else {
                let written = candidate.alias ?? records[Int(candidate.record)]
                report(.typeMismatch, "a merge key ('<<') takes a mapping or a list of mappings",
                       at: written.start, end: written.end)
                continue
            }
            sources.append((candidate.record, candidate.alias))
        }
        return sources
    }

    private mutating func aliasRecord(to target: UInt32, usedAt alias: NodeRecord) -> UInt32 {
        var resolvedTarget = target
        if records[Int(target)].kind == .alias { resolvedTarget = records[Int(target)].first }
        records.append(NodeRecord(kind: .alias, style: 0, scalarKind: .null, tag: 0,
                                  start: alias.start, end: alias.end, first: resolvedTarget, count: 0))
        return UInt32(records.count - 1)
    }
}
