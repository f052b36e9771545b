import Domain

extension StoreEngine {
    /// Gives every listing without an owner to one of `hosts` (by id, in turn) and makes one
    /// listing in `requestToBookEvery` request-to-book (`instant_book = 0`), for the demo
    /// catalog: its hosts can then edit them, and guests meet requests to book. One
    /// transaction, with a catalog-wide change-log row (every server's index follows).
    /// Returns how many listings it assigned.
    @discardableResult
    public func assignListings(to hosts: [AccountID], requestToBookEvery: Int) throws -> Int {
        guard !hosts.isEmpty else { return 0 }
        return try write { connection in
            var cases = ""
            for (index, host) in hosts.enumerated() { cases += " WHEN \(index) THEN \(host.rawValue)" }
            let assigned = try connection.run("""
                UPDATE listings SET host_account_id = CASE id % \(hosts.count)\(cases) END, \
                instant_book = CASE WHEN id % ? = 0 THEN 0 ELSE 1 END WHERE host_account_id IS NULL
                """, [max(requestToBookEvery, 1)])
            try ChangeLog.append(listing: nil, reason: .catalog, in: connection)
            return assigned
        }
    }
}
