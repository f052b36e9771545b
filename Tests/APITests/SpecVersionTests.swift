import API
import Foundation
import TestSupport
import Testing

/// The served API description says which binary serves it.
@Suite struct SpecVersionTests {
    @Test func infoVersionIsTheBinarysVersion() throws {
        let spec = try APITestServer.shared.json("/openapi.json")
        let info = try #require(spec["info"] as? [String: Any])
        #expect(info["version"] as? String == BuildInfo.version)
    }
}
