extension TripWalk {
    /// The SQL of the two walks, with `:name` placeholders. The one place the engines'
    /// statements differ for the query planners rather than the syntax: each text is the
    /// one its engine's planner walks the index with.
    struct SQL {
        let upcoming: String
        let past: String

        init(_ dialect: SQLDialect) {
            switch dialect {
            case .sqlite: (upcoming, past) = (Self.sqliteUpcoming, Self.sqlitePast)
            case .postgres: (upcoming, past) = (Self.postgresUpcoming, Self.postgresPast)
            }
        }

        /// A range of `reservations_trips` in index order (the cursor's `OR` only filters
        /// rows of the cursor's own check-in day).
        static let sqliteUpcoming = """
            \(ReservationRecord.select) WHERE r.guest_id = :guest AND r.status = 'confirmed' AND r.checkin >= :from \
            AND r.checkout > :today AND (r.checkin > :after_checkin OR r.id > :after_id) \
            ORDER BY r.checkin, r.id LIMIT :limit
            """

        /// Two descending ranges of `reservations_trips` merged (SQLite's MERGE (UNION ALL)
        /// pulls rows from each only as the LIMIT needs them). `ORDER BY 4, 1` is
        /// (r.checkin, r.id): a compound SELECT orders by its result columns.
        static let sqlitePast = """
            \(ReservationRecord.select) WHERE r.guest_id = :guest AND r.status = 'cancelled' \
            AND r.checkin <= :before_checkin AND (r.checkin < :before_checkin OR r.id < :before_id) \
            UNION ALL \
            \(ReservationRecord.select) WHERE r.guest_id = :guest AND r.status = 'confirmed' \
            AND r.checkin <= :confirmed_through AND r.checkout <= :today \
            AND (r.checkin < :before_checkin OR r.id < :before_id) \
            ORDER BY 4 DESC, 1 DESC LIMIT :limit
            """

        /// An index-only range scan of `reservations_trips` for the page's ids (checkout is
        /// tested in the index), then the page's rows by id.
        static let postgresUpcoming = """
            SELECT \(ReservationRecord.columns) FROM (SELECT id, checkin FROM reservations \
            WHERE guest_id = :guest AND status = 'confirmed' AND checkin >= :from AND checkout > :today \
            AND (checkin > :after_checkin OR id > :after_id) ORDER BY checkin, id LIMIT :limit) AS p \
            JOIN reservations r ON r.id = p.id \(ReservationRecord.joins) ORDER BY p.checkin, p.id
            """

        /// Two backward index-only scans of `reservations_trips`, each with the page's LIMIT,
        /// under a Merge Append (PostgreSQL 15 plans a Merge Append for a UNION ALL only when
        /// each arm has its own ORDER BY and LIMIT; without them it sorts every past trip),
        /// then the page's rows by id.
        static let postgresPast = """
            SELECT \(ReservationRecord.columns) FROM (SELECT id, checkin FROM (\
            (SELECT id, checkin FROM reservations WHERE guest_id = :guest AND status = 'cancelled' \
            AND checkin <= :before_checkin AND (checkin < :before_checkin OR id < :before_id) \
            ORDER BY checkin DESC, id DESC LIMIT :limit) \
            UNION ALL \
            (SELECT id, checkin FROM reservations WHERE guest_id = :guest AND status = 'confirmed' \
            AND checkin <= :confirmed_through AND checkout <= :today \
            AND (checkin < :before_checkin OR id < :before_id) \
            ORDER BY checkin DESC, id DESC LIMIT :limit)) AS arms ORDER BY checkin DESC, id DESC LIMIT :limit) AS p \
            JOIN reservations r ON r.id = p.id \(ReservationRecord.joins) ORDER BY p.checkin DESC, p.id DESC
            """
    }
}
