/// Failures of notifications and webhooks a client can see; each maps to one HTTP problem
/// in the API layer:
///
/// | case                     | status | problem type                        |
/// |--------------------------|--------|-------------------------------------|
/// | `notificationNotFound`   | 404    | `/problems/notification-not-found`  |
/// | `webhookNotFound`        | 404    | `/problems/webhook-not-found`       |
/// | `deliveryNotFound`       | 404    | `/problems/delivery-not-found`      |
/// | `hostRoleRequired`       | 403    | `/problems/host-role-required`      |
/// | `tooManyWebhooks`        | 409    | `/problems/too-many-webhooks`       |
///
/// Another account's notification or webhook is "not found", never "forbidden": ids do not
/// reveal what exists.
public enum EventError: Error, Hashable, Sendable {
    case notificationNotFound
    case webhookNotFound
    case deliveryNotFound
    case hostRoleRequired
    case tooManyWebhooks(limit: Int)
}
