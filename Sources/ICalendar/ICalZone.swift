import Foundation

/// A clock: converts between UTC seconds and wall-clock seconds (both since 1970-01-01).
///
/// Three kinds: a fixed offset (UTC), an IANA zone (Foundation's `TimeZone`, from the
/// system's tz database), or a `VTIMEZONE` the feed defined (`ICalTimeZoneDefinition`).
/// A wall time that a clock skips (spring forward) or repeats (fall back) resolves with the
/// offset in force just before it, then once more at the result: within the hour either way.
struct ICalZone: Sendable {
    enum Rules: Sendable {
        case fixed(seconds: Int)
        case system(TimeZone)
        case defined(ICalTimeZoneDefinition)
    }

    let rules: Rules

    static let utc = ICalZone(rules: .fixed(seconds: 0))

    /// The IANA zone `identifier`, or UTC when the system does not know it.
    static func listing(_ identifier: String) -> ICalZone {
        if let zone = TimeZone(identifier: identifier) { return ICalZone(rules: .system(zone)) }
        return .utc
    }

    func offset(atUTC utc: Int64) -> Int {
        switch rules {
        case .fixed(let seconds): seconds
        case .system(let zone): zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utc)))
        case .defined(let definition): definition.offset(atUTC: utc)
        }
    }

    func wall(fromUTC utc: Int64) -> Int64 { utc + Int64(offset(atUTC: utc)) }

    func utc(fromWall wall: Int64) -> Int64 {
        let first = wall - Int64(offset(atUTC: wall))
        return wall - Int64(offset(atUTC: first))
    }
}
