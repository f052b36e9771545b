import CCrypto

/// libcrypto's SHA-256 implementation, fetched from the default provider once.
///
/// `EVP_sha256()` makes every digest look the algorithm up again (OpenSSL 3's implicit
/// fetch): a 43-byte digest took 292 ns that way and 115 ns with the algorithm fetched once
/// (C loop of `EVP_Digest`, this machine). The fetched `EVP_MD` is immutable and
/// reference-counted, so one value serves every thread; it is never freed.
enum SHA256Algorithm {
    struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    static let handle: Handle = {
        guard let fetched = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("libcrypto: SHA-256 is unavailable (EVP_MD_fetch failed)")
        }
        return Handle(pointer: fetched)
    }()

    static var pointer: OpaquePointer { handle.pointer }
}
