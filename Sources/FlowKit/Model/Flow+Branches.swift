extension Flow {
    /// Calls `body` with every branch of the flow: of its own handlers, its screens'
    /// handlers and `enter` (spec §5 1.2), and its observers. The branches are read in place: several checks visit
    /// every branch of every flow, and gathering them into an array copied each one.
    func forEachBranch(_ body: (Branch) -> Void) {
        for handler in handlers.indices {
            for branch in handlers[handler].branches.indices { body(handlers[handler].branches[branch]) }
        }
        for screen in screens.indices {
            for handler in screens[screen].handlers.indices {
                for branch in screens[screen].handlers[handler].branches.indices { body(screens[screen].handlers[handler].branches[branch]) }
            }
            if let enter = screens[screen].enter {
                for branch in enter.branches.indices { body(enter.branches[branch]) }
            }
        }
        for observer in observers.indices {
            for branch in observers[observer].branches.indices { body(observers[observer].branches[branch]) }
        }
    }
}
