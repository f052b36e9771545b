/// gzip for responses (`Router.responder(compression:)`); nil there: never compressed.
public struct ResponseCompression: Sendable {
    /// Smaller bodies are sent as they are (and get no `Vary: Accept-Encoding`). 2 KiB: a
    /// 1.6 KB listing shrank only 1.7x for 58% more CPU on its route, and a few hundred bytes
    /// saved do not save a round trip (docs/performance.md, "Compression").
    public var minimumBytes: Int
    /// zlib level, 1 (fastest) to 9.
    public var level: Int32

    public init(minimumBytes: Int = 2048, level: Int32 = Gzip.defaultLevel) {
        self.minimumBytes = minimumBytes
        self.level = level
    }
}
