import HTTP1

extension HTTPResponse {
    /// A response carrying already-encoded JSON, `Content-Type: application/json; charset=utf-8`.
    public static func json(_ bytes: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: bytes)
    }
}
