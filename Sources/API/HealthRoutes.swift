import HTTP1
import HTTPServer
import JSON

/// `GET /health` (the process answers), `GET /health/live` (the same, for liveness probes),
/// `GET /health/ready` (the database answers and the search index is loaded) and
/// `GET /version` (to loopback clients only, `LocalOnly`: build details help an attacker more
/// than anyone else on the public port).
struct HealthRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        router.get("/health") { _ in
            .json(Array(#"{"status":"ok"}"#.utf8), cache: .never)
        }
        router.get("/health/live") { _ in
            .json(Array(#"{"status":"live"}"#.utf8), cache: .never)
        }
        router.get("/health/ready") { [services] _ in
            do {
                try services.readiness()
            } catch {
                // A fault that knows its words (a full disk, a replaced database file) says them.
                throw Problem(type: .notReady, status: .serviceUnavailable, title: "Not ready",
                              detail: (error as? any ResourceExhaustionError)?.unavailableDetail
                                  ?? "The database is not answering or the search index is not loaded.")
            }
            return .json(Array(#"{"status":"ready"}"#.utf8), cache: .never)
        }
        let version = Array(BuildInfo.json.utf8)
        router.get("/version", using: [LocalOnly()]) { _ in
            .json(version, cache: .never)
        }
    }
}
