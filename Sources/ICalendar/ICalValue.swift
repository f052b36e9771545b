import Domain

/// Value formats shared by the writer and the reader: TEXT escaping (RFC 5545 3.3.11),
/// DATE (3.3.4) and UTC DATE-TIME (3.3.5).
public enum ICalValue {
    /// Escapes backslash, semicolon, comma and newline (CRLF, CR or LF become `\n`).
    public static func escapedText(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
        }
        return out
    }

    /// Undoes `escapedText`: `\\`, `\;`, `\,`, `\n`/`\N`; any other backslash is kept.
    public static func unescapedText(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": out += "\n"
                case "\\", ";", ",": out.append(character)
                default: out += "\\"; out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out += "\\" }
        return out
    }

    /// `YYYYMMDD`.
    public static func dateText(_ date: CalendarDate) -> String {
        String(date.description.filter { $0 != "-" })
    }

    /// `YYYYMMDDTHHMMSSZ` (whole seconds, rounded down).
    public static func utcDateTimeText(_ instant: Instant) -> String {
        let millis = instant.millisecondsSinceEpoch
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let inDay = Int(seconds - Int64(days) * 86_400)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return dateText(CalendarDate(daysSinceEpoch: days)) + "T" + pad(inDay / 3600) + pad(inDay / 60 % 60)
            + pad(inDay % 60) + "Z"
    }
}
