import Domain
import Foundation
import TestSupport
import Testing

/// `/listings/map` over a real socket: pins, clusters, totals equal to `/listings`'.
@Suite struct MapEndToEndTests {
    let server = APITestServer.shared
    static let korea = "bbox=33,124,39,132"

    @Test func fewMatchesArePinsWithTheCardsPrices() throws {
        for filter in ["", "&checkin=2028-01-10&checkout=2028-01-17&adults=2", "&maxPrice=100000",
                       "&roomType=private_room", "&checkin=2028-01-03&checkout=2028-02-04&adults=3"] {
            let map = try server.json("/listings/map?\(Self.korea)&zoom=7\(filter)")
            let search = try server.json("/listings?\(Self.korea)&limit=50\(filter)")
            let total = try #require(search["total"] as? Int)
            #expect(map["total"] as? Int == total, "\(filter)")
            #expect(map["clusters"] is NSNull)
            let pins = try #require(map["pins"] as? [[String: Any]])
            #expect(pins.count == total)
            let cards = Dictionary(uniqueKeysWithValues: (search["items"] as! [[String: Any]]).map {
                ($0["id"] as! String, $0)
            })
            for pin in pins {
                let card = try #require(cards[pin["id"] as! String])
                #expect((pin["price"] as! NSNumber).int64Value == (card["nightlyPrice"] as! NSNumber).int64Value)
                // With dates the stay's total, exactly the card's (and so the quote's); else null.
                if filter.contains("checkin") {
                    let total = try #require(card["totalPrice"] as? NSNumber)
                    #expect((pin["totalPrice"] as? NSNumber)?.int64Value == total.int64Value)
                } else {
                    #expect(pin["totalPrice"] is NSNull && card["totalPrice"] is NSNull)
                }
                let coordinate = card["coordinate"] as! [String: Any]
                let pinCoordinate = try #require(pin["coordinate"] as? [String: Any])
                #expect(pinCoordinate["lat"] as? Double == coordinate["lat"] as? Double)
                #expect(pinCoordinate["lng"] as? Double == coordinate["lng"] as? Double)
            }
        }
        // A small box around one listing's coordinate finds just that one.
        let all = try #require(try server.json("/listings/map?\(Self.korea)&zoom=7")["pins"] as? [[String: Any]])
        let first = try #require(all.first)
        let firstCoordinate = try #require(first["coordinate"] as? [String: Any])
        let lat = firstCoordinate["lat"] as! Double, lng = firstCoordinate["lng"] as! Double
        let small = try server.json("/listings/map?bbox=\(lat - 0.0001),\(lng - 0.0001),\(lat + 0.0001),\(lng + 0.0001)&zoom=16")
        let smallPins = try #require(small["pins"] as? [[String: Any]])
        #expect(smallPins.contains { $0["id"] as? String == first["id"] as? String })
        #expect(small["total"] as? Int == smallPins.count)
    }

    @Test func beyondMaxPinsTheMatchesAreClustered() throws {
        for (zoom, filter) in [(3, ""), (7, ""), (12, ""), (7, "&checkin=2027-12-27&checkout=2027-12-30"),
                               (9, "&minPrice=80000")] {
            let map = try server.json("/listings/map?\(Self.korea)&zoom=\(zoom)&maxPins=2\(filter)")
            let total = try #require(map["total"] as? Int)
            #expect(try server.json("/listings?\(Self.korea)\(filter)")["total"] as? Int == total)
            #expect(total > 2)
            #expect(map["pins"] is NSNull)
            let clusters = try #require(map["clusters"] as? [[String: Any]])
            #expect(clusters.map { $0["count"] as! Int }.reduce(0, +) == total, "zoom \(zoom) \(filter)")
            let size = try #require(map["cellSize"] as? Double)
            #expect(size == 90 / Double(1 << zoom))
            for cluster in clusters {
                let bounds = cluster["bounds"] as! [String: [String: Double]]
                let center = cluster["center"] as! [String: Double]
                #expect(bounds["southWest"]!["lat"]! <= center["lat"]! && center["lat"]! <= bounds["northEast"]!["lat"]!)
                #expect(bounds["southWest"]!["lng"]! <= center["lng"]! && center["lng"]! <= bounds["northEast"]!["lng"]!)
                #expect(bounds["northEast"]!["lat"]! - bounds["southWest"]!["lat"]! < size)
                #expect((cluster["minPrice"] as! NSNumber).int64Value > 0)
            }
        }
        // Zoom 0 puts all of Korea in one cell; the minimum is the cheapest match.
        let one = try server.json("/listings/map?\(Self.korea)&zoom=0&maxPins=0")
        let clusters = try #require(one["clusters"] as? [[String: Any]])
        #expect(clusters.count == 1)
        let cheapest = try server.json("/listings?\(Self.korea)&sort=price_asc&limit=1")
        let cheapestPrice = ((cheapest["items"] as! [[String: Any]])[0]["nightlyPrice"] as! NSNumber).int64Value
        #expect((clusters[0]["minPrice"] as! NSNumber).int64Value == cheapestPrice)
    }

    @Test func badParametersAre400() throws {
        for query in ["zoom=7", "bbox=1,2,3&zoom=7", "bbox=38,126,37,127&zoom=7", "bbox=37,126,38,127",
                      "bbox=37,126,38,127&zoom=23", "bbox=37,126,38,127&zoom=-1", "bbox=37,126,38,127&zoom=x",
                      "bbox=37,126,38,127&zoom=7&maxPins=301", "bbox=37,126,38,127&zoom=7&checkin=2028-01-10"] {
            let body = try server.json("/listings/map?\(query)", status: 400)
            #expect(!(body["invalidParams"] as? [Any] ?? []).isEmpty, "\(query)")
        }
    }
}
