import HTTP1
@testable import HTTPServer
import Synchronization
import Testing

@Suite struct ResourceExhaustionTests {
    struct OutOfDescriptors: ResourceExhaustionError {}

    @Test func aResourceExhaustionErrorAnswers503WithRetryAfterAndIsLoggedOncePerSecond() throws {
        let lines = Mutex<[String]>([])
        var router = Router()
        router.get("/busy") { _ in throw OutOfDescriptors() }
        let responder = router.responder(errorLog: { line in lines.withLock { $0.append(line) } })
        var request = HTTPRequest(method: .get, target: "/busy")
        request.headers.append(name: "Host", value: "x")
        for _ in 0..<5 {
            let response = responder.respond(to: request, clientAddress: "127.0.0.1")
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers["Retry-After"] == "1")
            #expect(response.headers["Connection"] == "close")
        }
        #expect(lines.withLock { $0.count } == 1)
        #expect(lines.withLock { $0.first?.contains("503 (resource exhausted)") } == true)
    }

    @Test func theRateLimitedLogCountsWhatItSuppressed() {
        let lines = Mutex<[String]>([])
        let log = RateLimitedLog(intervalNanoseconds: 0) { line in lines.withLock { $0.append(line) } }
        log.log("a")
        log.log("b")
        #expect(lines.withLock { $0 } == ["a", "b"])
        let slow = RateLimitedLog(intervalNanoseconds: 3_600_000_000_000) { line in lines.withLock { $0.append(line) } }
        slow.log("c")
        slow.log("d")
        #expect(lines.withLock { $0 } == ["a", "b", "c"])
    }

    @Test func theConnectionCapFitsTheDescriptorLimit() {
        var configuration = ServerConfiguration(maxConnections: 20_000)
        #expect(configuration.fitConnectionCap(toDescriptorLimit: 1024, reserve: 100) == 924)
        #expect(configuration.fitConnectionCap(toDescriptorLimit: 1_000_000, reserve: 100) == 924)
        #expect(configuration.fitConnectionCap(toDescriptorLimit: 50, reserve: 100) == 1)
        let raised = DescriptorLimit.raiseSoftToHard()
        #expect(raised != nil && raised!.soft == raised!.hard || raised?.hard == Int.max)
    }
}
