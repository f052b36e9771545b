import Application
import Testing

@Suite struct DatabaseLocationTests {
    @Test func aURLSelectsPostgreSQLAndAnythingElseSQLite() {
        #expect(DatabaseLocation("postgres://u:p@db:5432/stays") == .postgres(url: "postgres://u:p@db:5432/stays"))
        #expect(DatabaseLocation("postgresql://db/stays?sslmode=require") == .postgres(url: "postgresql://db/stays?sslmode=require"))
        #expect(DatabaseLocation("sqlite:/var/lib/stays.sqlite") == .sqlite(path: "/var/lib/stays.sqlite"))
        #expect(DatabaseLocation("./stays.sqlite") == .sqlite(path: "./stays.sqlite"))
        #expect(DatabaseLocation("postgres.sqlite") == .sqlite(path: "postgres.sqlite"))
    }

    @Test func logsNeverShowThePassword() {
        #expect(DatabaseLocation("postgres://stays:s3cret@db:5432/stays").description == "postgres://stays:***@db:5432/stays")
        #expect(DatabaseLocation("postgres://stays@db/stays").description == "postgres://stays@db/stays")
        #expect(!DatabaseLocation("postgresql://a:b@c/d").description.contains(":b@"))
        // libpq also takes passwords as parameters.
        #expect(DatabaseLocation("postgres://stays@db/stays?sslmode=require&password=s3cret&sslpassword=k3y").description
                == "postgres://stays@db/stays?sslmode=require&password=***&sslpassword=***")
        #expect(DatabaseLocation("postgres://u:p%40ss@h1,h2:5433/db?application_name=x").description
                == "postgres://u:***@h1,h2:5433/db?application_name=x")
        #expect(DatabaseLocation("postgres://db/stays?password=").description == "postgres://db/stays?password=***")
    }
}
