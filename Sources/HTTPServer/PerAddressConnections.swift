/// Open connections per client address, for `ServerConfiguration.maxConnectionsPerAddress`:
/// `admit` counts a new connection unless its address already holds `limit`, `closed` gives
/// the place back. With a limit of 0 it admits everything and keeps nothing.
///
/// Memory: one entry per address with an open connection and one per open connection; an
/// address whose last connection closed is dropped. Not thread-safe: `HTTPServer` keeps it on
/// its control queue, where connections are accepted and their closing is recorded.
struct PerAddressConnections {
    /// Connections one address may hold open; 0: no limit.
    let limit: Int
    private var counts: [String: Int] = [:]
    private var addressOf: [Int: String] = [:]

    init(limit: Int) {
        precondition(limit >= 0, "the limit cannot be negative")
        self.limit = limit
    }

    /// Counts connection `id` from `address` and returns true, or returns false (counting
    /// nothing) when the address already holds `limit` open connections.
    mutating func admit(_ address: String, id: Int) -> Bool {
        guard limit > 0 else { return true }
        let open = counts[address, default: 0]
        guard open < limit else { return false }
        counts[address] = open + 1
        addressOf[id] = address
        return true
    }

    /// Connection `id` closed: its address may open one more. Ids never admitted are ignored.
    mutating func closed(id: Int) {
        guard let address = addressOf.removeValue(forKey: id), let open = counts[address] else { return }
        counts[address] = open > 1 ? open - 1 : nil
    }

    /// Open connections of `address` (as counted).
    func openConnections(of address: String) -> Int {
        counts[address, default: 0]
    }

    /// Addresses with at least one open connection.
    var addressCount: Int { counts.count }
}
