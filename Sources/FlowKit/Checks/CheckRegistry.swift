/// Every check of a model, in the order the `Validator` runs them: the one list a new
/// check is added to. Codes reported while a file is read and its model built, before
/// any check runs, are `FlowLoader.codes`.
enum CheckRegistry {
    static var checks: [any Check.Type] {
        [
            IdentityCheck.self, ResponderChainCheck.self, FieldCheck.self, TargetCheck.self, DoneHandlerCheck.self,
            ComputedCycleCheck.self, ExpressionCheck.self, LaunchCheck.self, CommandCheck.self, EnterLoopCheck.self,
            // Warnings only: left out when the validator does not find warnings.
            NotificationCheck.self, GraphCheck.self, BranchOrderCheck.self, ShadowedHandlerCheck.self, EnvNameCheck.self,
        ]
    }
}
