/// Delivers rendered messages: to an SMTP server (`SMTPTransport`) or into a folder
/// (`MailDirectoryTransport`). A `send` that returns has handed the message on for good;
/// one that throws has not (the outbox tries again later).
///
/// Thread safety: `Sendable`; implementations may be called from any thread.
public protocol MailTransport: Sendable {
    func send(_ message: MailMessage, name: String) throws
}
