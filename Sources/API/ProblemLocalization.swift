import HTTP1
import HTTPServer

/// Rethrows a `LocalizedProblemConvertible` thrown by a route (its handler or its own
/// middlewares, such as authentication) as its problem in the request's language
/// (`Request.problemLanguage`). Registered around every route by `StaysAPI.router`.
struct ProblemLocalization: Middleware {
    func respond(to request: Request, next: (Request) throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try next(request)
        } catch let error as any LocalizedProblemConvertible {
            throw error.problem(in: request.problemLanguage)
        }
    }
}
