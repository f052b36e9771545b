import CPostgres
import Glibc

extension PostgresConnection {
    /// LISTENs on `channel`, which must be a lowercase identifier (`[a-z_][a-z0-9_]*`):
    /// LISTEN takes no parameters, so the name is checked instead.
    public func listen(_ channel: String) throws {
        let valid = !channel.isEmpty && channel.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 95 || ($0 >= 48 && $0 <= 57) }
            && !(channel.utf8.first.map { $0 >= 48 && $0 <= 57 } ?? true)
        guard valid else { throw PostgresError(message: "not a channel name: \(channel)") }
        try execute(sql: "LISTEN " + channel)
    }

    /// Waits up to `timeoutMilliseconds` for notifications on the channels this connection
    /// LISTENs to; returns how many arrived (0 on timeout). Throws when the connection is lost.
    public func waitForNotifications(timeoutMilliseconds: Int32) throws -> Int {
        var count = try drainNotifications()
        if count > 0 { return count }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard descriptor.fd >= 0 else { throw PostgresError(message: "the connection has no socket") }
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready < 0 && errno != EINTR { throw PostgresError(message: "poll failed: errno \(errno)") }
        count = try drainNotifications()
        return count
    }

    private func drainNotifications() throws -> Int {
        guard PQconsumeInput(handle) == 1 else {
            throw PostgresError(message: String(cString: PQerrorMessage(handle)).trimmingTrailingNewlines())
        }
        var count = 0
        while let notification = PQnotifies(handle) {
            count += 1
            PQfreemem(notification)
        }
        return count
    }
}
