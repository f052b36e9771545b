import Domain

/// Ids of rows a client sees and should not learn anything from (reservations, guests):
/// drawn at random, so an id reveals neither how many bookings there are nor which id the
/// next or previous one has (issue: "ids that a client sees are not sequential").
///
/// Promises: ids lie in `range`: sixteen digits, so every response has the same length
/// whatever id it names; far above every sequential id an older row has (those came from
/// SQLite's rowid or PostgreSQL's identity and stay valid); below 2^53, so a client that
/// reads them as JSON numbers despite the string form still reads them exactly. The
/// generator is the system's (`getrandom`), not a seeded one.
enum RandomRowID {
    static let range: ClosedRange<Int64> = 1_000_000_000_000_000...((1 << 53) - 1)

    static func next() -> Int64 { Int64.random(in: range) }
}

extension StoreConnection {
    /// Runs `insert`, an INSERT whose first argument is the new row's id and which ends in
    /// `ON CONFLICT (id) DO NOTHING`, with a random id from `RandomRowID`; draws again in the
    /// rare case the id is taken (the insert changed no row: one chance in ~10^8 per insert
    /// even with ten million rows). Returns the id stored.
    ///
    /// The count of changed rows says whether the id was free, so the statement needs no
    /// `RETURNING`, which costs SQLite as much again as the insert (measured per booking
    /// with `Benchmarks/profile_booking.sh`).
    func insertWithRandomID(_ insert: String, _ values: [any StoreBindable]) throws -> Int64 {
        let rest = values.map(\.storeValue)
        while true {
            let id = RandomRowID.next()
            if try run(insert, .positional([.integer(id)] + rest)) == 1 { return id }
        }
    }
}
