import Foundation
import TestSupport
import Testing

/// An id has one spelling, the one the server writes: `0001117` and `+1117` are not
/// listing 1117 but a bad request (400), over a real socket.
@Suite struct CanonicalIDEndToEndTests {
    let server = APITestServer.shared

    static let nonCanonical = ["0101", "00101", "+101", "%2B101", "0", "-101", "101%20", "1e2"]

    @Test func listingIDsInPathsAreCanonicalDecimal() throws {
        #expect(try server.get("/listings/101").status == 200)
        for spelling in Self.nonCanonical {
            let response = try server.get("/listings/\(spelling)")
            #expect(response.status == 400, "/listings/\(spelling): \(response.status)")
        }
    }

    @Test func listingIDsInQueriesAreCanonicalDecimal() throws {
        let stay = "checkin=2028-01-10&checkout=2028-01-13&adults=2"
        #expect(try server.get("/quote?listingId=101&\(stay)").status == 200)
        #expect(try server.get("/calendar?listingId=101&start=2028-01&months=1").status == 200)
        for spelling in Self.nonCanonical {
            let quote = try server.json("/quote?listingId=\(spelling)&\(stay)", status: 400)
            let params = quote["invalidParams"] as? [[String: Any]] ?? []
            #expect(params.contains { $0["name"] as? String == "listingId" }, "\(spelling): \(quote)")
            #expect(try server.get("/calendar?listingId=\(spelling)&start=2028-01&months=1").status == 400, "\(spelling)")
        }
    }

    @Test func locationIDsInPathsAndQueriesAreCanonicalDecimal() throws {
        let body = try server.json("/locations?query=\(APITestServer.encode("서울"))")
        let seoul = try #require((body["items"] as? [[String: Any]])?.first?["id"] as? String)
        #expect(try server.get("/locations/\(seoul)").status == 200)
        #expect(try server.get("/listings?locationId=\(seoul)").status == 200)
        for spelling in ["0" + seoul, "000" + seoul, "+" + seoul, "%2B" + seoul] {
            #expect(try server.get("/locations/\(spelling)").status == 400, "/locations/\(spelling)")
            let search = try server.json("/listings?locationId=\(spelling)", status: 400)
            let params = search["invalidParams"] as? [[String: Any]] ?? []
            #expect(params.contains { $0["name"] as? String == "locationId" }, "\(spelling): \(search)")
            #expect(try server.get("/price-histogram?locationId=\(spelling)").status == 400, "\(spelling)")
        }
    }

    @Test func wishlistListingIDsAreCanonicalDecimal() throws {
        let server = try APITestServer()
        let guest = try BookingClient.newGuest(port: server.port)
        for spelling in ["0101", "+101"] {
            #expect(try guest.send("PUT", "/wishlist/\(spelling)").status == 400, "\(spelling)")
        }
    }

    /// A reservation id that is not canonical is nobody's reservation: 404, like any id
    /// that is not one of the guest's, and never another spelling of the guest's own.
    @Test func aNonCanonicalReservationIDIsNotFound() throws {
        let server = try APITestServer()
        let guest = try BookingClient.newGuest(port: server.port)
        let total = try #require(int64(try server.json("/quote?listingId=101&checkin=2028-01-10&checkout=2028-01-13&adults=2")["total"]))
        let created = try guest.book(["listingId": "101", "checkin": "2028-01-10", "checkout": "2028-01-13",
                                      "adults": 2, "expectedTotal": total])
        let id = try #require(created.object["id"] as? String)
        #expect(try guest.send("GET", "/reservations/\(id)").status == 200)
        for spelling in ["0" + id, "00" + id, "+" + id, "%2B" + id] {
            #expect(try guest.send("GET", "/reservations/\(spelling)").status == 404, "\(spelling)")
            #expect(try guest.send("POST", "/reservations/\(spelling)/cancel").status == 404, "\(spelling)")
        }
        #expect(try guest.send("GET", "/reservations/\(id)").object["status"] as? String == "confirmed")
    }
}
