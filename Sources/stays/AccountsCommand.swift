import Application
import CommandLineOptions
import Domain
import Persistence

/// `stays accounts create`: an account made by an operator (a demo host, a colleague),
/// with the same rules as sign-up. The password comes from `STAYS_ACCOUNT_PASSWORD`, never a
/// flag (flags show in `ps`); without it one is generated and printed this once.
enum AccountsCommand {
    static let specs: [OptionSpec] = [
        DatabaseSetting.spec,
        .value("email", "EMAIL", "the account's email address"),
        .value("name", "NAME", "the account's name"),
        OptionSpec.value("roles", "guest,host", "its roles, comma-separated").defaulting(to: "guest"),
        OptionSpec.value("locale", "ko|en", "the language of its mail").defaulting(to: "ko"),
        .flag("verified", "mark the email verified (no verification mail is sent either way)"),
    ]

    static func run(arguments: [String], environment: [String: String]) throws -> Int32 {
        guard arguments.first == "create" else {
            throw UsageError("expected `stays accounts create --email EMAIL --name NAME [--roles guest,host]`")
        }
        let options = try ParsedOptions(arguments: Array(arguments.dropFirst()), specs: specs, environment: environment)
        let generated = environment["STAYS_ACCOUNT_PASSWORD"] == nil
        let password = environment["STAYS_ACCOUNT_PASSWORD"] ?? String(GuestToken().text.prefix(16))
        let database = try CatalogDatabase.open(DatabaseSetting(options).location)
        var configuration = ApplicationConfiguration()
        configuration.database = try DatabaseSetting(options).location
        let accounts = try AccountWiring.service(configuration, engine: database.engine)
        let form = SignUpForm(email: options.string("email", default: ""), password: Password(password),
                              name: options.string("name", default: ""),
                              roles: options.string("roles", default: "guest").split(separator: ",").map(String.init),
                              locale: options.string("locale", default: "ko"))
        do {
            let account = try accounts.createAccount(form, verified: try options.flag("verified"))
            print("created account \(account.id) (\(account.roles.map(\.rawValue).joined(separator: ",")))"
                  + (generated ? "; password \(password) (shown only now)" : ""))
            return 0
        } catch StaysError.invalidParameters(let issues) {
            throw UsageError(issues.map { "--\($0.name == "password" ? "(STAYS_ACCOUNT_PASSWORD)" : $0.name): \($0.reason)" }
                .joined(separator: "; "))
        } catch AccountError.emailTaken {
            throw UsageError("an account with this email already exists")
        }
    }
}
