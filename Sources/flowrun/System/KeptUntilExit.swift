import Synchronization
import FlowKit

/// The model and compiled tree `flowrun validate` keeps until the process exits, which
/// gives their memory back at once, rather than freeing them node by node: on a 10 MB
/// flow that saves 5% of the time. With many files nothing is kept: freed, one file's
/// memory serves the next (kept, 2,000 small flows took 5% longer and three times the
/// memory). Only the CLI keeps a model; FlowKit frees what it makes.
enum KeptUntilExit {
    private static let models = Mutex<[CheckedModel]>([])

    static func keep(_ model: CheckedModel) {
        models.withLock { $0.append(model) }
    }
}
