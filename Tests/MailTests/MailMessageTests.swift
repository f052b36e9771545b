import Domain
import Foundation
import Mail
import Testing
import TestSupport

@Suite struct MailMessageTests {
    let mail = OutgoingMail(to: "min.ji@example.com", subject: "Stays 이메일 주소를 확인해 주세요 — 가입을 환영합니다, 정말로 반갑습니다",
                            text: "안녕하세요\n링크: https://stays.example/verify-email?token=abc\n",
                            html: "<p>안녕하세요</p>")
    let date = Date(timeIntervalSince1970: 1_795_858_800) // 2026-11-28 09:40:00 UTC

    func render() -> String {
        String(decoding: MailMessage.render(mail, from: "no-reply@stays.example", id: "42", date: date).bytes, as: UTF8.self)
    }

    @Test func headersAreRFC5322WithCRLF() {
        let text = render()
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(head.hasPrefix("From: Stays <no-reply@stays.example>\r\nTo: <min.ji@example.com>\r\nSubject: =?UTF-8?B?"))
        #expect(head.contains("\r\nDate: Sat, 28 Nov 2026 09:40:00 +0000\r\n"))
        #expect(head.contains("\r\nMessage-ID: <42@stays.example>\r\n"))
        #expect(head.contains("Content-Type: multipart/alternative; boundary=\"stays-42-alternative\""))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func theSubjectDecodesToItselfInWordsOfAtMost75Characters() throws {
        let head = render().components(separatedBy: "\r\n\r\n")[0]
        let subjectLines = head.components(separatedBy: "\r\n").drop { !$0.hasPrefix("Subject:") }
            .prefix { $0.hasPrefix("Subject:") || $0.hasPrefix(" ") }
        #expect(subjectLines.count > 1)
        var decoded: [UInt8] = []
        for line in subjectLines {
            let word = line.hasPrefix("Subject: ") ? String(line.dropFirst(9)) : String(line.dropFirst())
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            decoded += try #require(Data(base64Encoded: String(word.dropFirst(10).dropLast(2))))
        }
        #expect(String(decoding: decoded, as: UTF8.self) == mail.subject)
        #expect(MailMessage.render(OutgoingMail(to: "a@b.co", subject: "Plain ASCII", text: "", html: ""),
                                   from: "x@y.z", id: "1", date: date).bytes.starts(with: Array("From".utf8)))
    }

    @Test func bothPartsDecodeToTheBodies() throws {
        let parts = render().components(separatedBy: "--stays-42-alternative")
        #expect(parts.count == 4 && parts[3].hasPrefix("--"))
        var bodies: [String] = []
        for part in parts[1...2] {
            let sections = part.components(separatedBy: "\r\n\r\n")
            #expect(sections[0].contains("charset=utf-8") && sections[0].contains("Content-Transfer-Encoding: base64"))
            let lines = sections[1].components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(lines.allSatisfy { $0.count <= 76 })
            bodies.append(String(decoding: try #require(Data(base64Encoded: lines.joined())), as: UTF8.self))
        }
        #expect(bodies == [mail.text, mail.html])
    }
}

@Suite struct MailTransportTests {
    let message = MailMessage.render(OutgoingMail(to: "guest@example.com", subject: "안녕", text: "hello", html: "<p>hello</p>"),
                                     from: "no-reply@stays.example", id: "7", date: Date(timeIntervalSince1970: 0))

    @Test func theDirectoryGetsOneCompleteFilePerMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stays-mail-\(UUID().uuidString)/mail")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let transport = MailDirectoryTransport(directory: folder.path)
        try transport.send(message, name: "20261128T094000000Z-000000000007")
        try transport.send(message, name: "20261128T094001000Z-000000000008")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["20261128T094000000Z-000000000007.eml", "20261128T094001000Z-000000000008.eml"])
        #expect(try Data(contentsOf: folder.appendingPathComponent(files[0])) == Data(message.bytes))
    }

    @Test func smtpDeliversTheEnvelopeAndTheBytes() throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        try SMTPTransport(url: "smtp://127.0.0.1:\(sink.port)").send(message, name: "7")
        let received = try #require(sink.received.first)
        #expect(received.from == "<no-reply@stays.example>")
        #expect(received.recipients == ["<guest@example.com>"])
        #expect(received.data == String(decoding: message.bytes, as: UTF8.self).trimmingSuffix("\r\n"))
    }

    @Test func aRefusalOrNoServerIsAnErrorNotASend() throws {
        let sink = try SMTPSink()
        sink.failNext(1)
        #expect(throws: SMTPError.self) { try SMTPTransport(url: "smtp://127.0.0.1:\(sink.port)").send(message, name: "7") }
        #expect(sink.received.isEmpty)
        try SMTPTransport(url: "smtp://127.0.0.1:\(sink.port)").send(message, name: "7")
        #expect(sink.received.count == 1)
        let port = sink.port
        sink.stop()
        #expect(throws: SMTPError.self) { try SMTPTransport(url: "smtp://127.0.0.1:\(port)").send(message, name: "7") }
        #expect(throws: SMTPError.self) { try SMTPTransport(url: "http://127.0.0.1:\(port)").send(message, name: "7") }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
