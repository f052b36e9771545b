import OutboundHTTP

/// Gets a feed's bytes. The service's one door to the network, so tests of the service can
/// hand it bytes without a server.
public protocol CalendarFeedFetcher: Sendable {
    /// The body of a 2xx answer; throws `CalendarFetchError` or the client's error otherwise.
    func fetch(_ url: String) throws -> [UInt8]
}

/// A feed answered with something other than 2xx.
public struct CalendarFetchError: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var description: String { "the feed answered HTTP \(status)" }
}

/// Feeds over HTTP(S) through libcurl (`OutboundHTTPClient`): at most 3 redirects, 10 s,
/// 5 MB after gzip, a `User-Agent` naming Stays, and the private-address guard on every
/// address connected to (unless `--allow-private-addresses`).
public struct HTTPCalendarFeedFetcher: CalendarFeedFetcher {
    let client: OutboundHTTPClient

    public init(client: OutboundHTTPClient) {
        self.client = client
    }

    public func fetch(_ url: String) throws -> [UInt8] {
        let response = try client.send(OutboundRequest(url: url, headers: [("Accept", "text/calendar, */*;q=0.5")],
                                                       maximumRedirects: 3, timeoutSeconds: 10,
                                                       maximumResponseBytes: 5_000_000))
        guard (200..<300).contains(response.status) else { throw CalendarFetchError(status: response.status) }
        return response.body
    }
}
