import Domain
import Foundation

/// One RFC 5322 message, ready for a transport: the envelope (`from`, `to`) and the bytes.
///
/// `render` makes a `multipart/alternative` message with a plain-text and an HTML part,
/// each UTF-8 in base64 (RFC 2045, lines of 76 characters), and a subject in RFC 2047
/// encoded words when it is not plain ASCII. Header values come from `OutgoingMail`, whose
/// address has no whitespace or control characters (`EmailAddress`), so no header can be
/// injected. Lines end in CRLF. A value type.
public struct MailMessage: Sendable, Hashable {
    public var from: String
    public var to: String
    public var bytes: [UInt8]

    /// `from`: a bare address (`no-reply@stays.example`), shown as `Stays <…>`.
    /// `id`: unique per message (the outbox id); the Message-ID's left part.
    public static func render(_ mail: OutgoingMail, from: String, id: String, date: Date) -> MailMessage {
        let boundary = "stays-\(id)-alternative"
        let domain = from.split(separator: "@").last.map(String.init) ?? "stays.invalid"
        var lines = [
            "From: Stays <\(from)>",
            "To: <\(mail.to)>",
            "Subject: \(encodedHeader(mail.subject))",
            "Date: \(rfc5322Date(date))",
            "Message-ID: <\(id)@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
        ]
        for (type, body) in [("text/plain", mail.text), ("text/html", mail.html)] {
            lines += ["--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", "",
                      Data(body.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn,
                                                                     .endLineWithLineFeed])]
        }
        lines += ["--\(boundary)--", ""]
        return MailMessage(from: from, to: mail.to, bytes: Array(lines.joined(separator: "\r\n").utf8))
    }

    /// ASCII text as is; anything else as `=?UTF-8?B?…?=` words of at most 75 characters
    /// (RFC 2047 §2), split between characters, folded onto continuation lines.
    static func encodedHeader(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) { return text }
        var words: [[UInt8]] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            // 45 bytes encode to 60 characters; with "=?UTF-8?B?" and "?=", 72 <= 75.
            if chunk.count + bytes.count > 45 {
                words.append(chunk)
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(chunk) }
        return words.map { "=?UTF-8?B?\(Data($0).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    /// RFC 5322 §3.3, in UTC: `Sat, 28 Nov 2026 09:40:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
