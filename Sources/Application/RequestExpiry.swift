import Domain

/// The repeating job that records `expired` on requests to book past their `expiresAt`
/// (`HostService.expireDueRequests`). Reads never wait for it (expiry is judged on read, and
/// a booking records the expired requests it meets itself); it makes the stored status
/// catch up and frees the nights in storage. Every server runs it: on PostgreSQL each run
/// claims its requests `FOR UPDATE SKIP LOCKED`, so two servers never expire the same one,
/// and a request a killed server had claimed is due again for the next run anywhere.
enum RequestExpiry {
    /// Requests one run records at most; a backlog takes several runs.
    static let batch = 100

    static func task(_ hosts: HostService, every interval: Duration = .seconds(30),
                     log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        let failures = EpisodeLog(what: "request expiry", log: log)
        return RepeatingTask(label: "stays.request-expiry", every: interval) {
            do {
                let expired = try hosts.expireDueRequests(limit: batch)
                failures.succeeded()
                if !expired.isEmpty { log("request expiry: \(expired.count) requests expired") }
            } catch {
                failures.failed(error)
            }
        }
    }
}
