/// A response to serialize. The server adds `Date`, `Content-Length` and `Connection`.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPFields
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPFields = HTTPFields(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
