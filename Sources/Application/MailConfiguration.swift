/// Where account mail goes: an SMTP server, or `.eml` files in a folder.
public struct MailConfiguration: Sendable {
    /// `smtp://host:port` or `smtps://host:port`, credentials in the URL or in
    /// `STAYS_SMTP_USERNAME` / `STAYS_SMTP_PASSWORD`; nil: write files to `directory`.
    public var smtpURL: String?
    public var smtpUsername: String?
    public var smtpPassword: String?
    /// Without `smtpURL`, one `.eml` file per message here. Default `./mail`.
    public var directory = "./mail"
    /// The sender's address. Default `no-reply@stays.localhost`.
    public var from = "no-reply@stays.localhost"
    /// How often the outbox is looked at, in seconds. Default 2.
    public var pollSeconds = 2

    public init() {}
}
