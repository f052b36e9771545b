import Domain
import PostgresStorage
import SearchIndex
import Storage

// The stores over an engine's pool. The type of the pool picks the engine:
// `StoreCatalog(pool: sqlitePool)` is the catalog on SQLite, `StoreCatalog(pool: postgresPool)`
// the same catalog on PostgreSQL.

extension StoreCatalog where Engine == SQLiteEngine {
    public convenience init(pool: DatabasePool) { self.init(engine: SQLiteEngine(pool: pool)) }
    public var pool: DatabasePool { engine.pool }
}

extension StoreCatalog where Engine == PostgresEngine {
    public convenience init(pool: PostgresPool) { self.init(engine: PostgresEngine(pool: pool)) }
    public var pool: PostgresPool { engine.pool }
}

extension StoreCatalogWriter where Engine == SQLiteEngine {
    public convenience init(pool: DatabasePool) { self.init(engine: SQLiteEngine(pool: pool)) }
}

extension StoreCatalogWriter where Engine == PostgresEngine {
    public convenience init(pool: PostgresPool) { self.init(engine: PostgresEngine(pool: pool)) }
}

extension StoreBookings where Engine == SQLiteEngine {
    public convenience init(pool: DatabasePool) { self.init(engine: SQLiteEngine(pool: pool)) }
}

extension StoreBookings where Engine == PostgresEngine {
    public convenience init(pool: PostgresPool) { self.init(engine: PostgresEngine(pool: pool)) }
}

/// The names the commands, tools and tests that work on a SQLite file use.
public typealias SQLiteCatalog = StoreCatalog<SQLiteEngine>
public typealias SQLiteCatalogWriter = StoreCatalogWriter<SQLiteEngine>
public typealias SQLiteBookingStore = StoreBookings<SQLiteEngine>

// Every store over an engine, for callers that hold the engine as `any StoreEngine` (the
// application's one engine value): each is written once, generic over the engine.
extension StoreEngine {
    /// A bulk writer (seed, import, upkeep); one thread at a time.
    public func catalogWriter() -> any CatalogWriting { StoreCatalogWriter(engine: self) }

    /// The booking unit of work.
    public func bookingStore() -> any BookingStore { StoreBookings(engine: self) }

    /// Accounts, sessions and the mail outbox (one object, both protocols).
    public func accountStore() -> StoreAccounts<Self> { StoreAccounts(engine: self) }

    /// Accounts' notifications (written by `EventOutbox`).
    public func notificationStore() -> StoreNotifications<Self> { StoreNotifications(engine: self) }

    /// Hosts' webhooks, their delivery log and the delivery queue (one object, both protocols).
    public func webhookStore() -> StoreWebhooks<Self> { StoreWebhooks(engine: self) }

    /// The catalog with the search index in front of it, loaded now and following commits.
    public func indexedCatalog(afterRebuild: (@Sendable () -> Void)? = nil) throws -> IndexedCatalog {
        try IndexedCatalog(catalog: StoreCatalog(engine: self), afterRebuild: afterRebuild)
    }

    /// Deletes change-log rows written before `createdBefore` (unix milliseconds); returns
    /// how many (`StoreCatalogWriter.trimChangeLog`).
    @discardableResult
    public func trimChangeLog(createdBefore: Int64) throws -> Int {
        try StoreCatalogWriter(engine: self).trimChangeLog(createdBefore: createdBefore)
    }

    /// True when there is no listing at all.
    public func isCatalogEmpty() throws -> Bool { try StoreCatalog(engine: self).isEmpty() }

    /// The currency most listings are priced in (KRW for an empty catalog).
    public func dominantCurrency() throws -> CurrencyCode { try StoreCatalog(engine: self).dominantCurrency() }

    /// Throws unless a connection can read the schema bookkeeping (for `/health/ready`).
    public func checkReadable() throws { try StoreCatalog(engine: self).checkReadable() }
}

extension StoreEngine {
    /// Calendar sync: export tokens, imports and their nights.
    public func calendarSyncStore() -> any CalendarSyncStore { StoreCalendarSync(engine: self) }

    /// The host unit of work: host listings, their calendars, requests to book.
    public func hostStore() -> any HostStore { StoreHosts(engine: self) }
}
