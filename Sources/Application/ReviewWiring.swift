import Foundation
import Domain
import Persistence

/// Reviews as `buildApplication` wires them: the service over the engine's review store, and
/// the background tasks that publish the reviews whose window has closed and remind each
/// side of a completed stay to review it.
enum ReviewWiring {
    static func service(_ configuration: ApplicationConfiguration, engine: some StoreEngine) -> ReviewService {
        ReviewService(store: engine.reviewStore(), dateProvider: configuration.dateProvider)
    }

    /// Publishes due reviews every `interval`, on every server: each review is published by a
    /// conditional update, so two servers never publish one twice (`ReviewService.publishDue`),
    /// and no read waits for it (visibility is evaluated on read). What it adds is the
    /// listing's stored rating, which sort and `minRating` use, catching up within `interval`
    /// of a window closing.
    static func publishing(_ reviews: ReviewService, every interval: Duration = .seconds(60),
                           log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        inBatches(label: "stays.reviews", what: "reviews: publish", every: interval, log: log,
                  done: { "reviews: published \($0) whose window closed" }) { try reviews.publishDue(limit: $0) }
    }

    /// Reminds the sides of completed stays to review them every `interval`, on every server:
    /// each reminder is recorded with its event in one transaction under a unique key
    /// (`ReviewService.remindDue`), so however many servers run it, and however often they
    /// restart, each side of a stay is reminded once, within `interval` of its checkout day
    /// beginning in the listing's zone.
    static func reminding(_ reviews: ReviewService, every interval: Duration = .seconds(60),
                          log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        inBatches(label: "stays.review-reminders", what: "reviews: remind", every: interval, log: log,
                  done: { "reviews: \($0) reminders to review sent" }) { try reviews.remindDue(limit: $0) }
    }

    /// Every `interval`, `batch(500)` until a batch comes back short; the total is logged
    /// through `done` when there was any, a failure once per episode (`EpisodeLog`).
    private static func inBatches(label: String, what: String, every interval: Duration,
                                  log: @escaping @Sendable (String) -> Void, done: @escaping @Sendable (Int) -> String,
                                  _ batch: @escaping @Sendable (Int) throws -> Int) -> RepeatingTask {
        let failures = EpisodeLog(what: what, log: log)
        return RepeatingTask(label: label, every: interval) {
            do {
                var total = 0
                while true {
                    let count = try batch(500)
                    total += count
                    if count < 500 { break }
                }
                failures.succeeded()
                if total > 0 { log(done(total)) }
            } catch {
                failures.failed(error)
            }
        }
    }
}
