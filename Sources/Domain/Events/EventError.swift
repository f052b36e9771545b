/// Failures of notifications and webhooks a client can see; each maps to one HTTP problem
/// in the API layer:
///
/// | case                     | status | problem type                        |
/// |--------------------------|--------|-------------------------------------|
/// | `notificationNotFound`   | 404    | `/problems/notification-not-found`  |
/// | `webhookNotFound`        | 404    | `/problems/webhook-not-found`       |
/// | `deliveryNotFound`       | 404    | `/problems/delivery-not-found`      |
/// | `tooManyWebhooks`        | 409    | `/problems/too-many-webhooks`       |
///
/// Another account's notification or webhook is "not found", never "forbidden": ids do not
/// reveal what exists. A webhook route without the host role is `HostError.hostRoleRequired`,
/// as on every host route.
public enum EventError: Error, Hashable, Sendable {
    case notificationNotFound
    case webhookNotFound
    case deliveryNotFound
    case tooManyWebhooks(limit: Int)
}
