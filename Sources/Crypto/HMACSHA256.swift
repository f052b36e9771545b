import CCrypto

/// HMAC-SHA256 (RFC 2104 with SHA-256, the construction RFC 4231's vectors test), computed by
/// the system's libcrypto: for signing what Stays hands out and must recognise later
/// (webhook signatures over "timestamp.body", signed cursors or links).
///
/// Compare a received code with `ConstantTime.equals`, never `==`: an early-exit comparison
/// tells an attacker how many leading bytes of a forged code were right.
public enum HMACSHA256 {
    /// Bytes in an authentication code.
    public static let codeByteCount = 32

    /// The HMAC-SHA256 of `message` under `key`, 32 bytes. Any key length works: keys longer
    /// than SHA-256's 64-byte block are hashed first, as RFC 2104 says.
    public static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> [UInt8] {
        let key = Array(key), message = Array(message)
        var code = [UInt8](repeating: 0, count: codeByteCount)
        var length: UInt32 = 0
        // HMAC() wants non-null pointers even for empty inputs; a one-byte array with count
        // 0 gives it one without reading anything.
        let keyBytes = key.isEmpty ? [0] : key, messageBytes = message.isEmpty ? [0] : message
        let result = keyBytes.withUnsafeBytes { keyBuffer in
            messageBytes.withUnsafeBufferPointer { messageBuffer in
                code.withUnsafeMutableBufferPointer { output in
                    HMAC(SHA256Algorithm.pointer, keyBuffer.baseAddress, Int32(key.count),
                         messageBuffer.baseAddress, message.count, output.baseAddress, &length)
                }
            }
        }
        guard result != nil, length == UInt32(codeByteCount) else { fatalError("libcrypto: HMAC failed") }
        return code
    }
}
