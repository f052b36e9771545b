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
        let failures = EpisodeLog(what: "reviews: publish", log: log)
        return RepeatingTask(label: "stays.reviews", every: interval) {
            do {
                var published = 0
                // Batches of 500 until a batch comes back short.
                while true {
                    let count = try reviews.publishDue(limit: 500)
                    published += count
                    if count < 500 { break }
                }
                failures.succeeded()
                if published > 0 { log("reviews: published \(published) whose window closed") }
            } catch {
                failures.failed(error)
            }
        }
    }

    /// Reminds the sides of completed stays to review them every `interval`, on every server:
    /// each reminder is recorded with its event in one transaction under a unique key
    /// (`ReviewService.remindDue`), so however many servers run it, and however often they
    /// restart, each side of a stay is reminded once, within `interval` of its checkout day
    /// beginning in the listing's zone.
    static func reminding(_ reviews: ReviewService, every interval: Duration = .seconds(60),
                          log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        let failures = EpisodeLog(what: "reviews: remind", log: log)
        return RepeatingTask(label: "stays.review-reminders", every: interval) {
            do {
                var sent = 0
                // Batches of 500 until a batch comes back short.
                while true {
                    let count = try reviews.remindDue(limit: 500)
                    sent += count
                    if count < 500 { break }
                }
                failures.succeeded()
                if sent > 0 { log("reviews: \(sent) reminders to review sent") }
            } catch {
                failures.failed(error)
            }
        }
    }
}
