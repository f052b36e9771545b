import Foundation
import Domain
import Persistence

/// Reviews as `buildApplication` wires them: the service over the engine's review store, and
/// the background task that publishes the reviews whose window has closed.
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
}
