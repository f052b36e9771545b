/// One step of the schema: a version number, a name and a script.
///
/// Promises: `checksum` depends on nothing but the exact SQL text, so it is stable across
/// builds, platforms and releases.
public struct Migration: Hashable, Sendable {
    /// Applied in ascending order; unique within a migrator.
    public var version: Int
    /// For people: usually the file name without number and extension ("initial").
    public var name: String
    /// The script. It must not contain BEGIN/COMMIT: the migrator runs it in a transaction.
    public var sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// FNV-1a 64 of the script's UTF-8 bytes, as 16 lowercase hex digits. Detects a
    /// shipped migration that was edited; it is not a cryptographic hash.
    public var checksum: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in sql.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// "0001_initial", for messages.
    public var label: String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
    }
}
