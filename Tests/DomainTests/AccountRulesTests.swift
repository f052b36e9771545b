import Domain
import Testing

@Suite struct EmailAddressTests {
    @Test func trimmedAndComparedIgnoringCase() throws {
        let email = try #require(EmailAddress("  Min.Ji@Example.COM \n"))
        #expect(email.text == "Min.Ji@Example.COM")
        #expect(email.normalized == "min.ji@example.com")
        #expect(email == EmailAddress("min.ji@example.com"))
        #expect("\(email)" == "EmailAddress(redacted)")
    }

    @Test(arguments: [
        ("", "is required"), ("   ", "is required"),
        ("no-at.example.com", "must be one name, an @ and a domain"),
        ("two@@example.com", "must be one name, an @ and a domain"),
        ("@example.com", "must be one name, an @ and a domain"),
        ("a@localhost", "must have a domain with a dot, such as example.com"),
        ("a@.example.com", "must have a domain with a dot, such as example.com"),
        ("a@example.com.", "must have a domain with a dot, such as example.com"),
        ("a@example..com", "must have a domain with a dot, such as example.com"),
        ("a b@example.com", "must not contain spaces or control characters"),
        ("a\u{7}@example.com", "must not contain spaces or control characters"),
    ])
    func refused(text: String, reason: String) {
        #expect(EmailAddress.problem(with: text) == reason)
        #expect(EmailAddress(text) == nil)
    }

    @Test func lengthIsBoundedAt254() {
        let domain = "@example.com"
        let fits = String(repeating: "a", count: 254 - domain.count) + domain
        #expect(EmailAddress(fits) != nil)
        #expect(EmailAddress.problem(with: "a" + fits) == "must be at most 254 characters")
        #expect(EmailAddress("지민@예시.한국") != nil)
    }
}

@Suite struct PasswordPolicyTests {
    let email = EmailAddress("someone.long@example.com")

    @Test func lengthIsCountedInCharactersNotBytes() {
        #expect(PasswordPolicy.issues(Password("가나다라마바사아자차"), email: email).isEmpty) // 10 characters, 30 bytes
        #expect(PasswordPolicy.issues(Password("가나다라마바사아자"), email: email).map(\.reason)
                == ["must be at least 10 characters"])
        #expect(PasswordPolicy.issues(Password(String(repeating: "x7", count: 128)), email: email).isEmpty)
        #expect(PasswordPolicy.issues(Password(String(repeating: "x", count: 257)), email: email).map(\.reason)
                == ["must be at most 256 characters"])
        // One grapheme cluster of two scalars counts once.
        #expect(PasswordPolicy.issues(Password(String(repeating: "e\u{301}", count: 9) + "z"), email: email).isEmpty)
    }

    @Test func notTheEmailNorItsName() {
        #expect(PasswordPolicy.issues(Password("Someone.Long@example.com"), email: email).map(\.reason)
                == ["must not be your email address"])
        #expect(PasswordPolicy.issues(Password("someone.long"), email: email).map(\.reason)
                == ["must not be your email address"])
        #expect(PasswordPolicy.issues(Password("someone.long"), email: nil).isEmpty)
    }

    @Test func commonPasswordsAreRefusedInAnyCase() {
        #expect(PasswordPolicy.commonPasswordCount >= 1000)
        for common in ["1234567890", "qwertyuiop", "QWERTYUIOP", "1q2w3e4r5t", "password123"] {
            #expect(PasswordPolicy.issues(Password(common), email: email).map(\.reason)
                    == ["is too common: it appears in lists of leaked passwords"], "\(common)")
        }
        #expect(!PasswordPolicy.isCommon("stays-가을-바다-2026"))
    }

    @Test func everyBrokenRuleIsNamedAndTheFieldIsTheCallers() {
        let issues = PasswordPolicy.issues(Password("x"), email: EmailAddress("x@example.com"), field: "newPassword")
        #expect(issues.map(\.name) == ["newPassword", "newPassword"])
        #expect(issues.map(\.reason) == ["must be at least 10 characters", "must not be your email address"])
    }

    @Test func aPasswordNeverPrints() {
        let password = Password("hunter2hunter2")
        #expect("\(password)" == "Password(redacted)")
        #expect(String(reflecting: password) == "Password(redacted)")
    }
}

@Suite struct AccountRoleTests {
    @Test func rolesAreCanonicalAndNeverEmpty() {
        #expect(AccountRole.roles(named: ["host", "guest", "host"]) == [.guest, .host])
        #expect(AccountRole.roles(named: ["guest"]) == [.guest])
        #expect(AccountRole.roles(named: []) == nil)
        #expect(AccountRole.roles(named: ["admin"]) == nil)
    }
}
