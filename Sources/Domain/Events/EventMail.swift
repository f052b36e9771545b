/// The mails an event sends (through the mail outbox, in the same transaction as the
/// event): a confirmed booking to the guest and to the host, a request to the host, a
/// request's outcome to the guest, a disabled webhook to its host, a reminder to review to
/// whichever side it reminds. Nil when the event mails
/// nobody on that side.
public enum EventMail {
    public static func mail(_ type: EventType, _ snapshot: EventSnapshot, for audience: EventAudience,
                            to email: String, in language: Language) -> OutgoingMail? {
        switch (type, audience) {
        case (.reservationConfirmed, _), (.reservationRequested, .host), (.reservationDeclined, .guest),
             (.reservationExpired, .guest), (.webhookDisabled, .host), (.reviewReminder, _):
            let (title, body) = NotificationText.make(type, snapshot, for: audience, in: language)
            let subject = "Stays: \(title)"
            let text = "\(title)\n\n\(body)\n"
            let html = "<!doctype html><html lang=\"\(language.rawValue)\"><body><h1>\(escaped(title))</h1>"
                + "<p>\(escaped(body))</p></body></html>"
            return OutgoingMail(to: email, subject: subject, text: text, html: html)
        default:
            return nil
        }
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
