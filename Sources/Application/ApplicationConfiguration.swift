import API
import DataImport
import Domain
import HTTPServer
import PasswordHashing

/// Everything `buildApplication` needs, as `stays serve` parses it from flags and the
/// environment and as tests set it. A value type; `Sendable`.
public struct ApplicationConfiguration: Sendable {
    /// Sockets, limits and timeouts (docs/http.md).
    public var server = ServerConfiguration()
    /// The database: a SQLite file (created and migrated when missing) or a PostgreSQL URL.
    public var database = DatabaseLocation.sqlite(path: "./stays.sqlite")
    /// `database` as the text of a `--database` value (parsed by `DatabaseLocation.init`).
    public var databasePath: String {
        get { database.text }
        set { database = DatabaseLocation(newValue) }
    }
    /// Seed the deterministic demo catalog into an empty database. Default true.
    public var seedDemoData = true
    /// Serve a SQLite database without writing it (a read-only file or mount, on purpose):
    /// nothing is created, migrated or seeded; writes answer 503, `/health/ready` says
    /// read-only. Default false.
    public var readOnly = false
    /// Service fee and tax rates of every quote and booking.
    public var pricing = PricingConfiguration.standard
    /// The zone of "today" for searches, plain calendars and the trips list.
    public var timeZone = "Asia/Seoul"
    public var dateProvider: any DateProvider = SystemDateProvider()
    /// `POST /guests` per client address per minute; 0 turns the limit off. Default 20.
    public var guestsPerMinutePerAddress = 20
    /// The host side (`--host-fee-bp`): host service fee and page sizes.
    public var hosts = HostService.Configuration()
    /// How long a request to book holds its nights (`--request-expiry SECONDS`). Default 86400.
    public var requestExpirySeconds = RequestToBook.defaultExpirySeconds
    /// One line per answered request, written off the request path (a bounded buffer; lines
    /// dropped under overload are counted); nil: no access log.
    public var accessLog: AccessLogWriter?
    /// Serve `GET /metrics` on this port only (0: a free one, see `Application.metricsPort`);
    /// nil: on the main port.
    public var metricsPort: Int?
    /// gzip for bodies of 2 KiB or more when the client prefers it; nil: never.
    public var compression: ResponseCompression? = ResponseCompression()
    /// Cross-origin access for browser pages of the allowed origins; nil: no CORS headers.
    public var cors: CORSPolicy?
    /// Sign-in limits, token lifetimes and the public URL of emailed links (empty: this
    /// server's `http://127.0.0.1:<port>`).
    public var accounts: AccountService.Configuration = {
        var accounts = AccountService.Configuration()
        accounts.publicURL = ""
        return accounts
    }()
    /// Argon2id's cost for new password hashes (`Argon2idParameters.standard`: m=19 MiB, t=2).
    public var passwordHashing = Argon2idParameters.standard
    /// Where account mail goes.
    public var mail = MailConfiguration()
    /// Let every outbound request Stays makes (calendar feeds, webhooks) connect to loopback,
    /// private, link-local and other non-public addresses (`--allow-private-addresses`).
    /// Off by default: on, anyone who can add a feed or a webhook can make the server reach
    /// its own network. For tests and local setups only.
    public var allowPrivateAddresses = false
    /// Webhook delivery (retry period, workers, timeout).
    public var webhooks = WebhookConfiguration()
    /// Calendar sync: how often imports are fetched, and whether outbound requests may reach
    /// private addresses (`CalendarSyncConfiguration`).
    public var calendarSync = CalendarSyncConfiguration()
    /// How often each server runs the review jobs: publishing reviews whose window closed,
    /// and reminding each side of a completed stay to review it. Default 60 seconds.
    public var reviewJobInterval: Duration = .seconds(60)
    /// The web client's security policy (CSP and the map tile origin it allows).
    public var webClient = WebClientPolicy.sameOriginOnly
    /// Operational messages (start-up, index loads, errors with their causes).
    public var log: @Sendable (String) -> Void = { message in
        StandardError.write("stays: \(message)\n")
    }

    public init() {}
}

import Foundation
