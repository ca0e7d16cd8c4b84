import FlowYAML

/// `unobserved-notification` (spec §12 1.1): a `post` that no flow observes, and an
/// `observe` of a notification that nothing posts. Both ends are reported, since either
/// may be the misspelt one.
enum NotificationCheck: Check {
    static let codes: [DiagnosticCode] = [.unobservedNotification]

    static func check(_ context: CheckContext) -> [Diagnostic] {
        let index = context.index
        var posts: [Located<String>] = []
        for entry in index.flows { entry.flow.forEachBranch { branch in branch.post.map { posts.append($0) } } }
        let observed = index.flows.flatMap { $0.flow.observers.map(\.action) }
        let postedNames = Set(posts.map(\.value))
        let observedNames = Set(observed.map(\.value))
        var diagnostics: [Diagnostic] = []
        for post in posts where !observedNames.contains(post.value) {
            diagnostics.append(Diagnostic(.unobservedNotification, "no flow observes '\(post.value)', so posting it does nothing",
                                          at: post.location, fix: .nearest(to: post.value, among: observedNames.sorted())))
        }
        for observer in observed where !postedNames.contains(observer.value) {
            diagnostics.append(Diagnostic(.unobservedNotification, "nothing posts '\(observer.value)', so this observer never runs",
                                          at: observer.location, fix: .nearest(to: observer.value, among: postedNames.sorted())))
        }
        return diagnostics
    }
}
