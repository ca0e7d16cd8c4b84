import Synchronization

/// A source file's path as locations hold it: the path's number in `SourceFilePaths`.
///
/// A model holds a location for nearly every value it reads, and copies them as checks
/// read values. A number makes a location plain data, so copying one costs no reference
/// counting, where a shared reference cost a retain and a release per copy.
struct SourceFileName: Hashable, Sendable {
    private let number: Int

    init(_ path: String) {
        number = SourceFilePaths.number(for: path)
    }

    var path: String { SourceFilePaths.path(numbered: number) }
}

/// Every path a location has been made for in this process, each numbered once.
///
/// The table only grows: it holds one entry per distinct path, which a process that
/// validates or runs flow files does not read enough of to matter.
enum SourceFilePaths {
    private struct Table {
        var paths: [String] = []
        var numbers: [String: Int] = [:]
    }

    private static let table = Mutex(Table())

    static func number(for path: String) -> Int {
        table.withLock { table in
            if let number = table.numbers[path] { return number }
            let number = table.paths.count
            table.paths.append(path)
            table.numbers[path] = number
            return number
        }
    }

    static func path(numbered number: Int) -> String {
        table.withLock { $0.paths[number] }
    }
}
