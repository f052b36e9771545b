import Application
import HTTPServer

/// What the options of `stays serve` set, starting from the defaults of
/// `ApplicationConfiguration` (and so of `ServerConfiguration`, `ParserLimits`,
/// `PricingConfiguration` and `ResponseCompression`): each default lives in its type, once.
///
/// A few choices become parts of the configuration only after every option is read
/// (gzip on or off with its level, the access log and its format, the CORS origins, the
/// database and where it was named), so they are kept here as the options gave them.
struct ServeSettings: Sendable {
    var application = ApplicationConfiguration()
    /// Level and threshold of gzip responses, kept even when `gzip` is off so that
    /// `--print-config` shows them.
    var compression: ResponseCompression
    var gzip: Bool
    /// No access log on stdout. Default: a log.
    var quiet = false
    var accessLogFormat = AccessLogFormat.json
    var corsOrigins: [String] = []
    var database = DatabaseSetting(text: DatabaseSetting.defaultText, source: "default")

    init() {
        compression = application.compression ?? ResponseCompression()
        gzip = application.compression != nil
    }

    /// The configuration `buildApplication` runs with.
    func applicationConfiguration() -> ApplicationConfiguration {
        var configuration = application
        configuration.compression = gzip ? compression : nil
        configuration.accessLog = quiet ? nil : AccessLogWriter.standardOutput(format: accessLogFormat)
        configuration.cors = CORSPolicy(origins: corsOrigins)
        configuration.databasePath = database.text
        return configuration
    }
}
