import Domain
import Storage

/// TEMPORARY (replaced by the change-log work): appends one change_log row.
enum ChangeReason: String {
    case reservation, cancellation, listing, calendar, catalog
}

enum ChangeLog {
    static func append(listing: ListingID?, reason: ChangeReason, in db: Database) throws {
        let statement = try db.cachedStatement("INSERT INTO change_log (listing_id, reason, created_at) VALUES (?, ?, ?)")
        try statement.bind(listing?.rawValue, at: 1)
        try statement.bind(reason.rawValue, at: 2)
        try statement.bind(Int64(0), at: 3)
        try statement.run()
    }
}
