import HTTP1
import HTTPServer
import JSON

/// `GET /health` (the process answers) and `GET /health/ready` (the database answers too).
struct HealthRoutes {
    let services: APIServices

    func register(in router: inout Router) {
        router.get("/health") { _ in
            .json(Array(#"{"status":"ok"}"#.utf8), cache: .never)
        }
        router.get("/health/ready") { [services] _ in
            do {
                try services.readiness()
            } catch {
                throw Problem(type: .notReady, status: .serviceUnavailable, title: "Not ready",
                              detail: "The database is not answering.")
            }
            return .json(Array(#"{"status":"ready"}"#.utf8), cache: .never)
        }
    }
}
