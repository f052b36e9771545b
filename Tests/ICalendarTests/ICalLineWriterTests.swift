import ICalendar
import Testing

@Suite struct ICalLineWriterTests {
    /// Splits written bytes at CRLF; fails on a bare CR or LF.
    func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D {
                #expect(index + 1 < bytes.count && bytes[index + 1] == 0x0A, "bare CR")
                lines.append(current); current = []; index += 2
            } else {
                #expect(bytes[index] != 0x0A, "bare LF")
                current.append(bytes[index]); index += 1
            }
        }
        #expect(current.isEmpty, "text after the last CRLF")
        return lines
    }

    @Test(arguments: [0, 1, 60, 73, 74, 75, 76, 148, 149, 150, 400])
    func foldsAt75OctetsAndUnfoldsBack(length: Int) throws {
        for filler in ["a", "é", "한", "😀"] {
            var writer = ICalLineWriter()
            let value = String(String(repeating: filler, count: length).prefix(length))
            writer.property("DESCRIPTION", value)
            let lines = physicalLines(writer.bytes)
            for (index, line) in lines.enumerated() {
                #expect(line.count <= 75)
                #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence")
                #expect((index > 0) == (line.first == 0x20))
            }
            // Unfolding gives the line back.
            let unfolded = lines.enumerated().flatMap { $0.offset == 0 ? $0.element[...] : $0.element.dropFirst() }
            #expect(String(decoding: unfolded, as: UTF8.self) == "DESCRIPTION:" + value)
            // The import reader unfolds it too (as a SUMMARY, unescaped).
            var event = ICalLineWriter()
            for line in ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20260105"] {
                event.line(Array(line.utf8))
            }
            event.property("SUMMARY", ICalValue.escapedText(value + ";,\\"))
            for line in ["END:VEVENT", "END:VCALENDAR"] { event.line(Array(line.utf8)) }
            let result = try ICalImport(timeZone: "UTC", today: day("2026-01-01"), windowEnd: day("2026-02-01"))
                .read(event.bytes)
            #expect(result.events.first?.summary == value + ";,\\")
        }
    }

    @Test func escapesText() {
        #expect(ICalValue.escapedText(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalValue.escapedText("one\r\ntwo\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalValue.escapedText("Seoul: 한옥") == "Seoul: 한옥")
        for text in [#"a\b;c,d"#, "x\ny", "plain", #"\\n"#, ";;,,"] {
            #expect(ICalValue.unescapedText(ICalValue.escapedText(text)) == text)
        }
    }
}
