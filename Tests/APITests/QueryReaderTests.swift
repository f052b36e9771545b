import Domain
import HTTP1
import Testing
@testable import API

@Suite struct QueryReaderTests {
    @Test(arguments: [
        ("", ""), ("   ", ""), ("a", "a"), ("  a b  ", "a b"), (" 37.5", "37.5"),
        (" é ", "é"), ("서울 ", "서울"), ("\tx", "\tx"),   // only spaces are trimmed
    ])
    func trimmingSpacesCutsOnlyLeadingAndTrailingSpaces(input: String, expected: String) {
        let padded = "," + input + ","
        let inner = padded.dropFirst().dropLast()
        #expect(String(inner.trimmingSpaces) == expected)
    }

    @Test func spacesAroundListValuesAreAccepted() throws {
        var reader = QueryReader(try QueryParameters(parsing: "bbox=37.5,%20126.9%20,37.6,127.1&roomType=entire_home,%20private_room"))
        let filter = reader.listingFilter(today: CalendarDate(year: 2026, month: 11, day: 22)!)
        #expect(reader.issues.isEmpty)
        #expect(filter.area == .boundingBox(BoundingBox(southWest: Coordinate(latitude: 37.5, longitude: 126.9),
                                                        northEast: Coordinate(latitude: 37.6, longitude: 127.1))))
        #expect(filter.roomTypes == [.entireHome, .privateRoom])
    }
}
