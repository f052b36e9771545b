/// Failures of calendar sync a client can see, besides `StaysError`'s (bad fields are
/// `StaysError.invalidParameters`; an unknown or foreign listing is `listingNotFound`).
///
/// | case               | status | problem type                          |
/// | ------------------ | ------ | ------------------------------------- |
/// | `importNotFound`   | 404    | `/problems/calendar-import-not-found` |
/// | `syncInProgress`   | 409    | `/problems/calendar-sync-in-progress` |
public enum CalendarSyncError: Error, Hashable, Sendable {
    case importNotFound(CalendarImportID)
    /// Another server (or request) is syncing this import right now.
    case syncInProgress(CalendarImportID)
}
