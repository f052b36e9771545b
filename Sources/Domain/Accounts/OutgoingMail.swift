/// One message for the mail outbox: written in the same transaction as the change it tells
/// of, sent after the commit by the mailer (retried), never by the request itself.
///
/// `to` is the recipient's address as typed; `text` and `html` are the two alternatives of
/// one RFC 5322 message (multipart/alternative), already in the recipient's language.
public struct OutgoingMail: Hashable, Sendable {
    public var to: String
    public var subject: String
    public var text: String
    public var html: String

    public init(to: String, subject: String, text: String, html: String) {
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
    }
}
