@testable import API
import Testing

/// The asset versioning that lets the scripts be cached for a year: any change to any file
/// gives every asset a new URL, and the page names the current one.
struct WebAppTests {
    static let files: [(name: String, text: String)] = [
        ("index.html", #"<script type="module" src="/web/{{VERSION}}/app.js"></script>"#),
        ("app.js", "import './api.js';"),
        ("api.js", "export const a = 1;"),
        ("app.css", "body { margin: 0; }"),
    ]

    @Test func thePageNamesTheCurrentVersion() {
        let app = WebApp(files: Self.files)
        #expect(app.version.count == 16 && app.version.allSatisfy(\.isHexDigit))
        #expect(String(decoding: app.index.body, as: UTF8.self) == #"<script type="module" src="/web/\#(app.version)/app.js"></script>"#)
        #expect(Set(app.assets.keys) == ["app.js", "api.js", "app.css"])
        #expect(app.assets["app.js"]?.contentType == "text/javascript; charset=utf-8")
        #expect(app.assets["app.css"]?.contentType == "text/css; charset=utf-8")
        #expect(app.index.contentType == "text/html; charset=utf-8")
    }

    @Test func changingAnyFileChangesTheVersionAndThatFilesTag() {
        let app = WebApp(files: Self.files)
        #expect(WebApp(files: Self.files.reversed()).version == app.version, "order of embedding does not matter")
        var edited = Self.files
        edited[2].text = "export const a = 2;"
        let changed = WebApp(files: edited)
        #expect(changed.version != app.version)
        #expect(changed.assets["api.js"]?.etag != app.assets["api.js"]?.etag)
        #expect(changed.assets["app.css"]?.etag == app.assets["app.css"]?.etag, "an unchanged file keeps its tag")
        #expect(changed.index.etag != app.index.etag, "the page names the new version")
        var renamed = Self.files
        renamed[3].name = "site.css"
        #expect(WebApp(files: renamed).version != app.version)
    }

    @Test func theEmbeddedClientHasItsPageAndModules() {
        let app = WebApp.shared
        let page = String(decoding: app.index.body, as: UTF8.self)
        #expect(!page.contains("{{VERSION}}"))
        #expect(page.contains("/web/\(app.version)/app.js"))
        #expect(app.assets["app.js"] != nil && app.assets["app.css"] != nil)
    }
}
