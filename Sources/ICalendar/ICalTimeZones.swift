import Foundation

/// Resolves a `TZID` to a clock, in this order:
/// 1. an IANA name the system's tz database knows (`Asia/Seoul`, `America/New_York`);
/// 2. a `VTIMEZONE` the feed defines with that `TZID` (`ICalTimeZoneDefinition`);
/// 3. a Windows zone name Outlook and Exchange write (`Korea Standard Time`), for the
///    common ones in `windowsNames`;
/// 4. an IANA name at the end of a path (`/mozilla.org/20050126_1/Europe/Berlin`);
/// otherwise nil (the caller reads the time in the listing's zone and warns).
/// Resolutions are cached per `TZID` for the feed being read.
struct ICalTimeZones {
    private let definitions: [String: ICalTimeZoneDefinition]
    private var cache: [String: ICalZone?] = [:]

    init(definitions: [ICalTimeZoneDefinition]) {
        var byName: [String: ICalTimeZoneDefinition] = [:]
        for definition in definitions where byName[definition.tzid] == nil { byName[definition.tzid] = definition }
        self.definitions = byName
    }

    mutating func zone(_ tzid: String) -> ICalZone? {
        if let cached = cache[tzid] { return cached }
        let zone = resolve(tzid)
        if cache.count < 1000 { cache[tzid] = zone }
        return zone
    }

    private func resolve(_ tzid: String) -> ICalZone? {
        if tzid.contains("/") || tzid == "UTC" || tzid == "GMT", let zone = TimeZone(identifier: tzid) {
            return ICalZone(rules: .system(zone))
        }
        if let definition = definitions[tzid] { return ICalZone(rules: .defined(definition)) }
        if let name = Self.windowsNames[tzid], let zone = TimeZone(identifier: name) {
            return ICalZone(rules: .system(zone))
        }
        let parts = tzid.split(separator: "/")
        if parts.count > 2 {
            for start in 1..<(parts.count - 1) {
                if let zone = TimeZone(identifier: parts[start...].joined(separator: "/")) {
                    return ICalZone(rules: .system(zone))
                }
            }
        }
        if let zone = TimeZone(identifier: tzid) { return ICalZone(rules: .system(zone)) }
        return nil
    }

    /// Windows zone names (CLDR windowsZones, territory 001) for the zones Stays' hosts and
    /// guests most often meet.
    static let windowsNames: [String: String] = [
        "UTC": "UTC", "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris",
        "Central Europe Standard Time": "Europe/Budapest", "Central European Standard Time": "Europe/Warsaw",
        "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kiev",
        "GTB Standard Time": "Europe/Bucharest", "Russian Standard Time": "Europe/Moscow",
        "Turkey Standard Time": "Europe/Istanbul", "Israel Standard Time": "Asia/Jerusalem",
        "Arabian Standard Time": "Asia/Dubai", "India Standard Time": "Asia/Calcutta",
        "SE Asia Standard Time": "Asia/Bangkok", "China Standard Time": "Asia/Shanghai",
        "Singapore Standard Time": "Asia/Singapore", "Taipei Standard Time": "Asia/Taipei",
        "Tokyo Standard Time": "Asia/Tokyo", "Korea Standard Time": "Asia/Seoul",
        "AUS Eastern Standard Time": "Australia/Sydney", "New Zealand Standard Time": "Pacific/Auckland",
        "Hawaiian Standard Time": "Pacific/Honolulu", "Alaskan Standard Time": "America/Anchorage",
        "Pacific Standard Time": "America/Los_Angeles", "Mountain Standard Time": "America/Denver",
        "US Mountain Standard Time": "America/Phoenix", "Central Standard Time": "America/Chicago",
        "Eastern Standard Time": "America/New_York", "Atlantic Standard Time": "America/Halifax",
        "E. South America Standard Time": "America/Sao_Paulo", "SA Pacific Standard Time": "America/Bogota",
        "Central Standard Time (Mexico)": "America/Mexico_City",
    ]
}
