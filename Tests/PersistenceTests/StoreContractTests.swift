import Testing

/// The store contract: every behaviour of the stores (`StoreCatalog`, `StoreCatalogWriter`,
/// `StoreBookings`, `ChangeLog`), each test run on SQLite always and on PostgreSQL whenever
/// `STAYS_TEST_POSTGRES_URL` is set (`CatalogFixture.Engine.available`; `.ci/postgres.sh`
/// sets it). The suites nested here (`StoreContractTests.CatalogReadTests` ...) are the
/// stores' specification; a store behaviour a feature adds is tested here, through
/// `CatalogFixture(engine:)`, so that one test holds both engines to it.
@Suite struct StoreContractTests {}
