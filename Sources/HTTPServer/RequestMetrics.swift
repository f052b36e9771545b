import HTTP1

/// The server middleware that counts every answer in `Metrics`: by the matched route's
/// pattern (`unmatched` when none), method and status, timed from `context.receivedAt` (the
/// complete request, so the wait for a handler thread is included) to the response. It
/// records what the middlewares outside it do not change: place it outside those that
/// change the status (`Representation`'s 304).
public struct RequestMetrics: Middleware {
    let metrics: HTTPMetrics

    public init(_ metrics: Metrics) {
        self.metrics = metrics.http
    }

    public func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        let start = request.context.receivedAt != 0 ? request.context.receivedAt : IOLoop.now()
        let response = try next(request)
        let now = IOLoop.now()
        (request.routeMetrics ?? metrics.unmatched).record(method: request.method, status: response.status.code,
                                                           nanoseconds: now >= start ? now - start : 0)
        return response
    }
}
