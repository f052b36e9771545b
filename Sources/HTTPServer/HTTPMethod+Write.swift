import HTTP1

extension HTTPMethod {
    /// POST, PUT, PATCH and DELETE: the methods a per-address write limit counts
    /// (`ServerConfiguration.writesPerSecondPerAddress`). Everything else reads.
    var isWrite: Bool {
        self == .post || self == .put || self == .patch || self == .delete
    }
}
