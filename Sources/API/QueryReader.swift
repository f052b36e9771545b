import Domain
import HTTP1
import HTTPServer

/// Reads typed values out of a request's query parameters, collecting every problem so that
/// one 400 names each bad parameter at once (RFC 9457 `invalidParams`).
///
/// Every parameter a route reads is one it accepts: `finish()` also names each parameter of
/// the query that the route never read ("is not a parameter of this route"), as Stripe's API
/// does, so that a typo (`minPirce`) cannot silently widen a search.
struct QueryReader {
    let query: QueryParameters
    private(set) var issues: [InvalidParam] = []
    /// The positions in `query` of the parameters read so far (accepted by the route): bit
    /// `i` for position `i` below 64, the set past that (only a query of more than 64
    /// parameters has any). No array of names: the bookkeeping allocates nothing for a
    /// usual query, which a list of names grown by appending did several times a request.
    private var readBits: UInt64 = 0
    private var readBeyond64: Set<Int> = []

    init(_ query: QueryParameters) { self.query = query }

    mutating func fail(_ name: String, _ reason: String) {
        issues.append(InvalidParam(name: name, reason: reason))
    }

    mutating func add(_ domainIssues: [ParameterIssue]) {
        issues += domainIssues.map { InvalidParam(name: $0.name, reason: $0.reason) }
    }

    /// Throws the 400 problem when any parameter was bad or not one of the route's (read
    /// before this call), the unknown ones last, in the query's order.
    func finish() throws(StaysError) {
        var issues = issues
        if !query.isEmpty {
            for position in 0..<query.count where !wasRead(position) {
                issues.append(InvalidParam(name: query.name(at: position), reason: "is not a parameter of this route"))
            }
        }
        guard issues.isEmpty else {
            throw StaysError.invalidParameters(issues.map { ParameterIssue(name: $0.name, reason: $0.reason) })
        }
    }

    /// Marks `name` accepted without reading it.
    mutating func accept(_ name: String) {
        if let position = query.position(of: name) { markRead(position) }
    }

    mutating func string(_ name: String) -> String? {
        guard let position = query.position(of: name) else { return nil }
        markRead(position)
        let value = query.value(at: position)
        return value.isEmpty ? nil : value
    }

    private mutating func markRead(_ position: Int) {
        if position < 64 { readBits |= 1 << UInt64(position) } else { readBeyond64.insert(position) }
    }

    private func wasRead(_ position: Int) -> Bool {
        position < 64 ? readBits & (1 << UInt64(position)) != 0 : readBeyond64.contains(position)
    }

    mutating func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        integer(name, in: range) ?? fallback
    }

    mutating func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
        guard let raw = string(name) else { return nil }
        var issues: [ParameterIssue] = []
        let value = GuestQuery.integer(raw, name: name, default: range.lowerBound, range: range, issues: &issues)
        add(issues)
        return issues.isEmpty ? value : nil
    }

    /// A non-negative amount of money in minor units.
    mutating func amount(_ name: String) -> Int64? {
        guard let raw = string(name) else { return nil }
        guard let value = Int64(raw), raw.first != "+", value >= 0 else {
            fail(name, "must be a whole, non-negative amount in the currency's minor unit"); return nil
        }
        return value
    }

    mutating func double(_ name: String, in range: ClosedRange<Double>) -> Double? {
        guard let raw = string(name) else { return nil }
        guard let value = Double(raw), value.isFinite else { fail(name, "must be a number"); return nil }
        guard range.contains(value) else {
            fail(name, "must be between \(range.lowerBound) and \(range.upperBound)"); return nil
        }
        return value
    }

    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) -> T where T.RawValue == String {
        guard let raw = string(name) else { return fallback }
        guard let value = T(rawValue: raw) else {
            fail(name, "must be one of: " + T.allCases.map(\.rawValue).joined(separator: ", "))
            return fallback
        }
        return value
    }

    mutating func listingID(_ name: String) -> ListingID? {
        guard let raw = string(name) else { return nil }
        guard let id = ListingID(raw) else { fail(name, "must be a listing id"); return nil }
        return id
    }

    mutating func locationID(_ name: String) -> LocationID? {
        guard let raw = string(name) else { return nil }
        guard let id = LocationID(raw) else { fail(name, "must be a location id"); return nil }
        return id
    }

    mutating func date(_ name: String) -> CalendarDate? {
        guard let raw = string(name) else { return nil }
        var issues: [ParameterIssue] = []
        let date = StayQuery.date(raw, name: name, issues: &issues)
        add(issues)
        return date
    }

    /// A comma list of room types; empty means every type.
    mutating func roomTypes(_ name: String) -> Set<RoomType> {
        guard let raw = string(name) else { return [] }
        var types = Set<RoomType>()
        for part in raw.pieces(separatedBy: UInt8(ascii: ",")) {
            guard let type = RoomType(rawValue: String(part.trimmingSpaces)) else {
                fail(name, "must be a comma list of: " + RoomType.allCases.map(\.rawValue).joined(separator: ", "))
                return []
            }
            types.insert(type)
        }
        return types
    }

    /// `swLat,swLng,neLat,neLng`.
    mutating func boundingBox(_ name: String) -> BoundingBox? {
        guard let raw = string(name) else { return nil }
        let parts = raw.pieces(separatedBy: UInt8(ascii: ",")).map { Double($0.trimmingSpaces) }
        guard parts.count == 4, let swLat = parts[0], let swLng = parts[1], let neLat = parts[2], let neLng = parts[3],
              [swLat, swLng, neLat, neLng].allSatisfy(\.isFinite) else {
            fail(name, "must be swLat,swLng,neLat,neLng in degrees"); return nil
        }
        guard (-90...90).contains(swLat), (-90...90).contains(neLat),
              (-180...180).contains(swLng), (-180...180).contains(neLng) else {
            fail(name, "latitudes must be within -90...90 and longitudes within -180...180"); return nil
        }
        guard swLat <= neLat else { fail(name, "the south-west corner must not be north of the north-east corner"); return nil }
        // A box whose west edge lies east of its east edge would cross the antimeridian
        // (180°); searches do not wrap, so it would silently match nothing.
        guard swLng <= neLng else {
            fail(name, "must not cross the antimeridian: the south-west longitude must not exceed the north-east one")
            return nil
        }
        return BoundingBox(southWest: Coordinate(latitude: swLat, longitude: swLng),
                           northEast: Coordinate(latitude: neLat, longitude: neLng))
    }
}

extension Substring {
    /// Without leading and trailing spaces (U+0020). Works on the UTF-8 bytes: a query
    /// value is cut several times per request, and going through `Character`s (grapheme
    /// breaking) was a visible share of `/listings`.
    var trimmingSpaces: Substring {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 }),
              let last = bytes.lastIndex(where: { $0 != 0x20 }) else { return self[endIndex...] }
        // Both ends sit next to a space or at an end, so they are character boundaries.
        return self[first..<bytes.index(after: last)]
    }
}
