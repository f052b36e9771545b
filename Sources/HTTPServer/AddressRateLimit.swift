import HTTP1

/// A route middleware that admits each client address at most as often as its `RateLimiter`
/// says (a burst of `limit`, then `limit` per period); the rest are answered 429
/// `/problems/rate-limited` with `Retry-After` before the handler runs.
public struct AddressRateLimit: Middleware {
    public let limiter: RateLimiter

    public init(_ limiter: RateLimiter) {
        self.limiter = limiter
    }

    public func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        if case .refused(let retryAfter) = limiter.admit(request.clientAddress) {
            throw Problem.rateLimited(retryAfterSeconds: retryAfter)
        }
        return try next(request)
    }
}
