/// The mails accounts send, in the account's language, as plain text and HTML.
enum AccountMail {
    static func link(_ purpose: AccountTokenPurpose, token: GuestToken, to email: EmailAddress, locale: Language,
                     publicURL: String) -> OutgoingMail {
        let path = purpose == .verifyEmail ? "/verify-email" : "/reset-password"
        let url = "\(publicURL)\(path)?token=\(token.text)"
        let (subject, intro, action, outro): (String, String, String, String)
        switch (purpose, locale) {
        case (.verifyEmail, .ko):
            (subject, intro, action, outro) = ("Stays 이메일 주소를 확인해 주세요",
                "Stays에 가입해 주셔서 감사합니다. 아래 링크를 열어 이메일 주소를 확인해 주세요.",
                "이메일 확인하기", "링크는 24시간 동안 한 번만 쓸 수 있습니다. 가입하지 않으셨다면 이 메일을 무시하세요.")
        case (.verifyEmail, .en):
            (subject, intro, action, outro) = ("Confirm your email address for Stays",
                "Thanks for joining Stays. Open the link below to confirm your email address.",
                "Confirm email", "The link works once, for 24 hours. If you did not sign up, ignore this mail.")
        case (.resetPassword, .ko):
            (subject, intro, action, outro) = ("Stays 비밀번호 재설정",
                "비밀번호 재설정을 요청하셨습니다. 아래 링크에서 새 비밀번호를 정해 주세요.",
                "비밀번호 재설정", "링크는 1시간 동안 한 번만 쓸 수 있습니다. 요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.")
        case (.resetPassword, .en):
            (subject, intro, action, outro) = ("Reset your Stays password",
                "Someone asked to reset your password. Choose a new one at the link below.",
                "Reset password", "The link works once, for 1 hour. If you did not ask, ignore this mail: your password stays as it is.")
        }
        let text = "\(intro)\n\n\(url)\n\n\(outro)\n"
        let html = """
            <!doctype html><html lang="\(locale.rawValue)"><body>\
            <p>\(escaped(intro))</p><p><a href="\(escaped(url))">\(escaped(action))</a></p>\
            <p>\(escaped(outro))</p></body></html>
            """
        return OutgoingMail(to: email.text, subject: subject, text: text, html: html)
    }

    private static func escaped(_ text: String) -> String {
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
