import Dispatch
import HTTP1
@testable import HTTPServer
import TestSupport

/// A responder made of a closure, for tests.
struct ClosureResponder: Responder {
    let body: @Sendable (HTTPRequest) -> HTTPResponse
    func respond(to request: HTTPRequest, clientAddress: String) -> HTTPResponse { body(request) }
}

/// Holds every request for `/slow` inside its handler until `release` is signalled;
/// `entered` is signalled as each one arrives there.
struct SlowRequestGate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    /// Answers with `answer`, after the hold for `/slow`.
    func responder(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> ClosureResponder {
        ClosureResponder { [entered, release] request in
            if request.path == "/slow" {
                entered.signal()
                release.wait()
            }
            return answer(request)
        }
    }
}

/// Starts a server on a free port with a test responder; shuts it down and waits on `stop()`.
final class RunningServer {
    let server: HTTPServer
    let port: Int

    init(configuration: ServerConfiguration = ServerConfiguration(), responder: any Responder = EchoResponder(),
         readSize: Int = IOLoop.defaultScratchSize) throws {
        var configuration = configuration
        configuration.port = 0
        server = HTTPServer(configuration: configuration, responder: responder, accessLog: nil, readSize: readSize)
        port = try server.start()
    }

    func client() throws -> TestClient { try TestClient(port: port) }

    func stop() {
        server.shutdown()
        server.waitUntilStopped()
    }
}

/// Answers `METHOD path body-length` as text; `/slow` is never used with it.
struct EchoResponder: Responder {
    func respond(to request: HTTPRequest, clientAddress: String) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"],
                     body: Array("\(request.method) \(request.target) \(request.body.count)".utf8))
    }
}
