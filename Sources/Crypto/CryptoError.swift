import CCrypto

/// A libcrypto call that failed, with OpenSSL's own description of why.
public struct CryptoError: Error, CustomStringConvertible, Sendable {
    public let description: String

    /// The error for `function`, taking (and clearing) the calling thread's OpenSSL error
    /// queue, so a later failure does not report this one's cause.
    static func lastLibcryptoError(function: String) -> CryptoError {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return CryptoError(description: "\(function) failed") }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return CryptoError(description: "\(function) failed: \(message)")
    }
}
