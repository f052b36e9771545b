import SearchIndex

extension IndexedCatalog {
    /// Loads the index from `catalog`'s database and follows its commits: on SQLite a
    /// connection of its own reads the file's commit counter; on PostgreSQL a connection of
    /// its own LISTENs for other servers' commits (`StoreEngine.makeCommitToken`).
    public convenience init<Engine>(catalog: StoreCatalog<Engine>, afterRebuild: (@Sendable () -> Void)? = nil) throws {
        try self.init(catalog: catalog, source: StoreIndexSource(engine: catalog.engine), afterRebuild: afterRebuild)
    }
}
