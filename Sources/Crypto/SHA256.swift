import CCrypto

/// SHA-256 (FIPS 180-4), computed by the system's libcrypto (OpenSSL's EVP digest interface).
///
/// The database keeps the SHA-256 of each guest token instead of the token (`GuestToken`), and
/// a booking's idempotency fingerprint is the SHA-256 of its canonical text. Both are digests
/// already stored, so the output is exactly FIPS 180-4's: the published test vectors are the
/// contract (`CryptoTests.SHA256Tests`).
///
/// Use `SHA256.hash(_:)` for a whole message, or `init()`, `update(_:)` any number of times,
/// then `finalize()` for a message that arrives in pieces; both give the same digest.
///
/// Not copyable: a hasher owns one OpenSSL digest context, freed when the hasher ends (by
/// `finalize()` or going out of scope). One thread at a time may use a hasher; it may move
/// to another thread (`Sendable`, since nothing else can reach its context).
///
/// libcrypto fails a SHA-256 step only when it cannot allocate memory or has no SHA-256 at
/// all (a broken installation); neither is a caller's mistake to handle, so both stop the
/// process with a message, as running out of memory in Swift does.
public struct SHA256: ~Copyable, @unchecked Sendable {
    /// Bytes in a digest.
    public static let digestByteCount = 32
    /// Bytes in one block of the compression function.
    public static let blockByteCount = 64

    /// The EVP_MD_CTX this hasher owns; never shared.
    private let context: OpaquePointer

    public init() {
        guard let context = EVP_MD_CTX_new() else { fatalError("libcrypto: EVP_MD_CTX_new failed (out of memory)") }
        guard EVP_DigestInit_ex(context, SHA256Algorithm.pointer, nil) == 1 else {
            EVP_MD_CTX_free(context)
            fatalError("libcrypto: SHA-256 is unavailable (EVP_DigestInit_ex failed)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// The digest of `bytes`, 32 bytes.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        let digest: [UInt8]? = bytes.withContiguousStorageIfAvailable { buffer in
            oneShot(UnsafeRawBufferPointer(buffer))
        }
        return digest ?? Array(bytes).withUnsafeBytes { oneShot($0) }
    }

    /// Appends `bytes` to the message.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(raw: UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            Array(bytes).withUnsafeBytes { update(raw: $0) }
        }
    }

    /// The digest of everything passed to `update`, 32 bytes. Consumes the hasher, so a
    /// finished hash cannot be extended by mistake.
    public consuming func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: SHA256.digestByteCount)
        var length: UInt32 = 0
        let status = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        guard status == 1, length == UInt32(SHA256.digestByteCount) else {
            fatalError("libcrypto: EVP_DigestFinal_ex failed")
        }
        return digest
    }

    private mutating func update(raw buffer: UnsafeRawBufferPointer) {
        guard buffer.count > 0 else { return }
        guard EVP_DigestUpdate(context, buffer.baseAddress, buffer.count) == 1 else {
            fatalError("libcrypto: EVP_DigestUpdate failed")
        }
    }

    private static func oneShot(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: digestByteCount)
        var length: UInt32 = 0
        // EVP_Digest reads nothing through a null pointer when the count is 0, but be plain
        // about it: an empty message hashes an empty, valid buffer.
        let status = withUnsafePointer(to: 0 as UInt8) { empty in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(buffer.baseAddress ?? UnsafeRawPointer(empty), buffer.count,
                           output.baseAddress, &length, SHA256Algorithm.pointer, nil)
            }
        }
        guard status == 1, length == UInt32(digestByteCount) else { fatalError("libcrypto: EVP_Digest failed") }
        return digest
    }
}
