/// A sign-up as the client sent it, before validation.
public struct SignUpForm: Sendable {
    public var email: String
    public var password: Password
    public var name: String
    /// nil: `["guest"]`.
    public var roles: [String]?
    /// nil: Korean.
    public var locale: String?

    public init(email: String, password: Password, name: String, roles: [String]? = nil, locale: String? = nil) {
        self.email = email
        self.password = password
        self.name = name
        self.roles = roles
        self.locale = locale
    }

    /// The form's values, or `invalidParameters` naming every bad field (the password's
    /// rules each as one issue).
    func validated() throws -> (EmailAddress, Password, String, [AccountRole], Language) {
        var issues: [ParameterIssue] = []
        let email = EmailAddress(self.email)
        if let problem = EmailAddress.problem(with: self.email) { issues.append(ParameterIssue(name: "email", reason: problem)) }
        issues += PasswordPolicy.issues(password, email: email)
        let name = ProfileChange.validatedName(self.name, issues: &issues)
        let roles = ProfileChange.validatedRoles(self.roles ?? ["guest"], issues: &issues)
        let locale = ProfileChange.validatedLocale(self.locale ?? "ko", issues: &issues)
        guard issues.isEmpty, let email, let name, let roles, let locale else { throw StaysError.invalidParameters(issues) }
        return (email, password, name, roles, locale)
    }
}

/// `PATCH /me`: the fields to change; nil leaves a field as it is.
public struct ProfileChange: Sendable {
    public var name: String?
    public var locale: String?
    public var roles: [String]?

    public init(name: String? = nil, locale: String? = nil, roles: [String]? = nil) {
        self.name = name
        self.locale = locale
        self.roles = roles
    }

    /// Names are 1 to 100 characters after trimming.
    public static let maximumNameLength = 100

    func validated() throws -> (name: String?, locale: Language?, roles: [AccountRole]?) {
        var issues: [ParameterIssue] = []
        let name = self.name.flatMap { Self.validatedName($0, issues: &issues) }
        let locale = self.locale.flatMap { Self.validatedLocale($0, issues: &issues) }
        let roles = self.roles.flatMap { Self.validatedRoles($0, issues: &issues) }
        guard issues.isEmpty else { throw StaysError.invalidParameters(issues) }
        return (name, locale, roles)
    }

    static func validatedName(_ text: String, issues: inout [ParameterIssue]) -> String? {
        let name = text.trimmingWhitespace
        guard (1...maximumNameLength).contains(name.count) else {
            issues.append(ParameterIssue(name: "name", reason: "must be 1 to \(maximumNameLength) characters"))
            return nil
        }
        return name
    }

    static func validatedLocale(_ text: String, issues: inout [ParameterIssue]) -> Language? {
        guard let locale = Language(rawValue: text) else {
            issues.append(ParameterIssue(name: "locale", reason: "must be ko or en"))
            return nil
        }
        return locale
    }

    static func validatedRoles(_ names: [String], issues: inout [ParameterIssue]) -> [AccountRole]? {
        guard let roles = AccountRole.roles(named: names) else {
            issues.append(ParameterIssue(name: "roles", reason: "must be a non-empty list of guest and host"))
            return nil
        }
        return roles
    }
}
