/// The one shape of a transaction (or a savepoint) on any engine's connection: `begin`,
/// then `body`; `commit` when `body` returns; `rollback` when `body` or `commit` throws,
/// with that error rethrown. `rollback` must not throw: after some errors the engine has
/// already rolled back, and the caller's error is the one that matters.
public enum TransactionSteps {
    public static func run<T>(begin: () throws -> Void, commit: () throws -> Void, rollback: () -> Void,
                              _ body: () throws -> T) throws -> T {
        try begin()
        let value: T
        do {
            value = try body()
        } catch {
            rollback()
            throw error
        }
        do {
            try commit()
        } catch {
            rollback()
            throw error
        }
        return value
    }
}
