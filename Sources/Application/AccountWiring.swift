import Foundation
import API
import Domain
import Mail
import PasswordHashing
import Persistence

/// Accounts as `buildApplication` wires them: the service over the engine's account store
/// with Argon2id hashing, and the background task that sends the mail outbox.
public enum AccountWiring {
    public static func service(_ configuration: ApplicationConfiguration, engine: some StoreEngine) throws -> AccountService {
        var accounts = configuration.accounts
        if accounts.publicURL.isEmpty {
            accounts.publicURL = "http://127.0.0.1:\(configuration.server.port)"
        }
        // Half the cores hash at most (at least one), and as many sign-ins more may wait for a
        // turn, 2 s at most; the rest are answered 503 at once. A flood of sign-ins then holds
        // a few handler threads and half the CPU, never all of either (docs/performance.md,
        // "Sign-in flood").
        let turns = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
        let hasher = Argon2idHasher(parameters: configuration.passwordHashing, maximumConcurrent: turns,
                                    maximumWaiting: turns, maximumWait: .seconds(2))
        return try AccountService(store: engine.accountStore(), hasher: hasher, dateProvider: configuration.dateProvider,
                                  configuration: accounts)
    }

    /// Sends due mail every `pollSeconds`, on every server: the outbox's lease keeps two
    /// servers from sending one mail.
    static func mailDelivery(_ configuration: ApplicationConfiguration, engine: some StoreEngine) -> RepeatingTask {
        let mail = configuration.mail
        let transport: any MailTransport = mail.smtpURL.map {
            SMTPTransport(url: $0, username: mail.smtpUsername, password: mail.smtpPassword)
        } ?? MailDirectoryTransport(directory: mail.directory)
        let delivery = MailDelivery(outbox: engine.accountStore(), transport: transport, from: mail.from,
                                    dateProvider: configuration.dateProvider, log: configuration.log)
        let failures = EpisodeLog(what: "mail delivery", log: configuration.log)
        return RepeatingTask(label: "stays.mail", every: .seconds(mail.pollSeconds)) {
            do {
                try delivery.deliverDue()
                failures.succeeded()
            } catch {
                failures.failed(error)
            }
        }
    }

    /// Every five minutes, deletes the sign-in failures older than the limit's window
    /// (`AccountService.forgetExpiredSignInFailures`): a flood of failed sign-ins writes two
    /// rows per attempt, and without this the table would only grow.
    static func signInFailureTrim(_ accounts: AccountService, every interval: Duration = .seconds(300),
                                  log: @escaping @Sendable (String) -> Void) -> RepeatingTask {
        let failures = EpisodeLog(what: "sign-in failures: trim", log: log)
        return RepeatingTask(label: "stays.sign-in-failures-trim", every: interval) {
            do {
                try accounts.forgetExpiredSignInFailures()
                failures.succeeded()
            } catch {
                failures.failed(error)
            }
        }
    }
}
