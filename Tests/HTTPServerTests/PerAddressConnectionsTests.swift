@testable import HTTPServer
import Testing

/// `table.admit`, as a value `#expect` can check (it cannot call a mutating method itself).
private func admit(_ table: inout PerAddressConnections, _ address: String, id: Int) -> Bool {
    table.admit(address, id: id)
}

@Suite struct PerAddressConnectionsTests {
    @Test func anAddressHoldsAtMostTheLimitAndClosingFreesAPlace() {
        var table = PerAddressConnections(limit: 2)
        #expect(admit(&table, "10.0.0.1", id: 1))
        #expect(admit(&table, "10.0.0.1", id: 2))
        #expect(!admit(&table, "10.0.0.1", id: 3))
        #expect(admit(&table, "10.0.0.2", id: 4), "another address has its own allowance")
        table.closed(id: 1)
        #expect(table.openConnections(of: "10.0.0.1") == 1)
        #expect(admit(&table, "10.0.0.1", id: 5))
        #expect(!admit(&table, "10.0.0.1", id: 6))
    }

    @Test func closingEveryConnectionForgetsTheAddress() {
        var table = PerAddressConnections(limit: 3)
        for id in 0..<3 { #expect(admit(&table, "203.0.113.7", id: id)) }
        #expect(table.addressCount == 1)
        for id in 0..<3 { table.closed(id: id) }
        #expect(table.addressCount == 0)
        #expect(table.openConnections(of: "203.0.113.7") == 0)
    }

    @Test func aRefusedOrUnknownIDClosingChangesNothing() {
        var table = PerAddressConnections(limit: 1)
        #expect(admit(&table, "::1", id: 1))
        #expect(!admit(&table, "::1", id: 2))
        table.closed(id: 2)
        table.closed(id: 99)
        #expect(table.openConnections(of: "::1") == 1)
    }

    @Test func zeroIsNoLimitAndKeepsNothing() {
        var table = PerAddressConnections(limit: 0)
        for id in 0..<1_000 { #expect(admit(&table, "198.51.100.1", id: id)) }
        #expect(table.addressCount == 0)
    }
}
