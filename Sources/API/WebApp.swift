import HTTP1

/// The web client (Web/*, embedded at build time by the EmbedWeb plugin), ready to serve:
/// each file's bytes, `Content-Type` and strong `ETag` made once, at start-up.
///
/// The assets are served under `/web/<version>/`, `version` being a hash of every file, and
/// `index.html` names them through the `{{VERSION}}` placeholder. So an asset's URL changes
/// whenever any file changes and the assets can be cached for a year (`immutable`), while the
/// page itself is revalidated on every load (`no-cache`, cheap with its ETag). The modules
/// import each other by relative URL (`./api.js`), which stays inside the same version.
struct WebApp: Sendable {
    /// One file, as sent.
    struct Asset: Sendable {
        let body: [UInt8]
        let contentType: String
        let etag: String
    }

    static let shared = WebApp(files: EmbeddedWeb.files)

    /// 16 hex digits, from every file's name and text.
    let version: String
    /// `index.html` with its version placeholder filled in (`{{IMAGE_ORIGINS}}` is
    /// filled by `index(imageOrigins:)`).
    let index: Asset
    /// Every other file, by name (`app.js`).
    let assets: [String: Asset]

    init(files: [(name: String, text: String)]) {
        var hash = StableHash()
        for file in files.sorted(by: { $0.name < $1.name }) {
            hash.add(file.name)
            hash.add(file.text)
        }
        version = hash.hex
        var assets: [String: Asset] = [:]
        var index: Asset?
        for file in files {
            let text = file.text.replacingOccurrences(of: "{{VERSION}}", with: version)
            let asset = Asset(body: Array(text.utf8), contentType: Self.contentType(of: file.name),
                              etag: "\"" + StableHash.of(text) + "\"")
            if file.name == "index.html" { index = asset } else { assets[file.name] = asset }
        }
        // Web/index.html is part of the package: without it the build is broken, not the request.
        guard let index else { preconditionFailure("Web/index.html was not embedded") }
        self.index = index
        self.assets = assets
    }

    /// The page telling the client which other origins its security policy lets images come
    /// from (space-separated; empty: none but this server's).
    func index(imageOrigins: [String]) -> Asset {
        let text = String(decoding: index.body, as: UTF8.self)
            .replacingOccurrences(of: "{{IMAGE_ORIGINS}}", with: imageOrigins.joined(separator: " "))
        return Asset(body: Array(text.utf8), contentType: index.contentType, etag: "\"" + StableHash.of(text) + "\"")
    }

    /// By extension; the client only has these kinds of files (the plugin embeds no others).
    static func contentType(of name: String) -> String {
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}

/// A 64-bit FNV-1a hash as 16 hex digits: stable across runs and platforms (unlike `Hasher`),
/// for asset versions, ETags and the demo images' colours.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xff
        value &*= 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func of(_ text: String) -> String {
        var hash = StableHash()
        hash.add(text)
        return hash.hex
    }
}
