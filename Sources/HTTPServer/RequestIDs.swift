import HTTP1

/// The server middleware that gives each request its id (`RequestID.id(incoming:)`: the
/// client's `X-Request-Id` when acceptable, else a fresh one) in `context.requestID`, and
/// puts it in the response's `X-Request-Id` unless the response has one (a problem made
/// inside carries it already; a handler's own value is left alone). Outermost of the
/// standard middlewares, so every answer carries it.
public struct RequestIDs: Middleware {
    public init() {}

    public func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        var request = request
        request.context.requestID = RequestID.id(incoming: request.header(RequestID.headerName))
        var response = try next(request)
        if !response.headers.contains(RequestID.headerName) {
            response.headers.append(name: RequestID.headerName, value: request.context.requestID)
        }
        return response
    }
}
