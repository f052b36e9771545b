/// Calendar sync's settings (`stays serve --ical-refresh`, `--allow-private-addresses`).
public struct CalendarSyncConfiguration: Sendable {
    /// How often each calendar import is fetched (spread by ±10% per import). Default 900 s.
    public var refresh: Duration = .seconds(900)
    /// Let every outbound request Stays makes (calendar feeds; webhooks once they exist)
    /// reach loopback, private, link-local and other non-public addresses. Off by default:
    /// on, anyone who can add an import can make the server fetch from its own network.
    /// For tests and local setups only.
    public var allowPrivateAddresses = false

    public init() {}
}
