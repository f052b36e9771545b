import Domain
import HTTP1
import HTTPServer

/// The booking app's HTTP API: every route, registered once at start-up.
public enum StaysAPI {
    /// `webClient`: the security policy of the web client's pages.
    public static func router(services: APIServices, webClient: WebClientPolicy = .sameOriginOnly) -> Router {
        var router = Router()
        // Problems of every route in the client's language (LocalizedProblemConvertible).
        router.use(ProblemLocalization())
        HealthRoutes(services: services).register(in: &router)
        OpenAPIRoutes().register(in: &router)
        LocationRoutes(services: services).register(in: &router)
        ListingRoutes(services: services).register(in: &router)
        AmenityRoutes().register(in: &router)
        CalendarRoutes(services: services).register(in: &router)
        QuoteRoutes(services: services).register(in: &router)
        let authentication = GuestAuthentication(guests: services.guests, accounts: services.accounts)
        GuestRoutes(services: services).register(in: &router)
        if let accounts = services.accounts {
            AccountRoutes(services: services, accounts: accounts, authentication: authentication).register(in: &router)
            if let notifications = services.notifications {
                NotificationRoutes(notifications: notifications, accounts: accounts).register(in: &router)
            }
            if let webhooks = services.webhooks { WebhookRoutes(webhooks: webhooks, accounts: accounts).register(in: &router) }
        }
        ReservationRoutes(services: services, authentication: authentication).register(in: &router)
        if let accounts = services.accounts, let hosts = services.hosts {
            let signedIn = AccountAuthentication(accounts: accounts)
            HostListingRoutes(services: services, hosts: hosts, signedIn: signedIn).register(in: &router)
            HostCalendarRoutes(hosts: hosts, dateProvider: services.dateProvider, signedIn: signedIn).register(in: &router)
            HostReservationRoutes(hosts: hosts, signedIn: signedIn).register(in: &router)
        }
        WishlistRoutes(services: services, authentication: authentication).register(in: &router)
        if let reviews = services.reviews {
            let routes = ReviewRoutes(reviews: reviews, guestAuthentication: authentication,
                                      accountAuthentication: services.accounts.map { AccountAuthentication(accounts: $0) })
            routes.register(in: &router)
            routes.registerReading(in: &router)
        }
        if let sync = services.calendarSync, let accounts = services.accounts, let hosts = services.hosts {
            CalendarSyncRoutes(sync: sync, hosts: hosts, signedIn: AccountAuthentication(accounts: accounts))
                .register(in: &router)
        }
        // The web client at `/` and the demo catalog's generated pictures: static, no services.
        WebAppRoutes(policy: webClient).register(in: &router)
        DemoImageRoutes().register(in: &router)
        return router
    }
}

/// How long clients and caches may keep an answer.
enum CachePolicy: String {
    /// Places change rarely; the API description changes only with the binary.
    case locations = "public, max-age=300"
    /// A listing's description and photos.
    case listing = "public, max-age=60"
    /// Availability and prices: revalidate every time (cheap with the ETag and 304).
    case availability = "no-cache"
    case never = "no-store"
}

extension HTTPResponse {
    /// A JSON response with a cache policy; localized answers vary by language.
    static func json(_ bytes: [UInt8], cache: CachePolicy, localized: Bool = false) -> HTTPResponse {
        var response = HTTPResponse.json(bytes)
        response.headers.append(name: "Cache-Control", value: cache.rawValue)
        if localized { response.headers.append(name: "Vary", value: "Accept-Language") }
        return response
    }
}

extension Request {
    var language: Language { Language(acceptLanguage: header("Accept-Language")) }
}
