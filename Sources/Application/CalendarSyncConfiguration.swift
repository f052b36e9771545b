/// Calendar sync's settings (`stays serve --ical-refresh`); which addresses feeds may be
/// fetched from is `ApplicationConfiguration.allowPrivateAddresses`, as for every outbound call.
public struct CalendarSyncConfiguration: Sendable {
    /// How often each calendar import is fetched (spread by ±10% per import). Default 900 s.
    public var refresh: Duration = .seconds(900)

    public init() {}
}
