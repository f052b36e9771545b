import Glibc

/// Why `HTTPServer.start()` failed. Every case carries what an operator needs to fix it.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `host` did not resolve (getaddrinfo's message attached).
    case hostResolution(host: String, message: String)
    /// Another process (or another server in this one) is bound to the address.
    case addressInUse(host: String, port: Int)
    /// Binding needs privileges we don't have (ports below 1024, for example).
    case permissionDenied(host: String, port: Int)
    /// Any other socket/bind/listen failure, with the failing call and errno.
    case socket(host: String, port: Int, call: String, errno: Int32, message: String)
    /// The configuration cannot work (for example a port outside 0...65535).
    case invalidConfiguration(String)
    /// `start()` was called twice, or after `shutdown()`.
    case notStartable

    public var description: String {
        switch self {
        case let .hostResolution(host, message): "cannot resolve host \"\(host)\": \(message)"
        case let .addressInUse(host, port): "cannot listen on \(host):\(port): address already in use"
        case let .permissionDenied(host, port): "cannot listen on \(host):\(port): permission denied"
        case let .socket(host, port, call, errno, message): "cannot listen on \(host):\(port): \(call) failed: \(message) (errno \(errno))"
        case let .invalidConfiguration(message): "invalid server configuration: \(message)"
        case .notStartable: "the server was already started or has been shut down"
        }
    }

    init(_ error: SyscallError, host: String, port: Int) {
        switch error.errno {
        case EADDRINUSE: self = .addressInUse(host: host, port: port)
        case EACCES, EPERM: self = .permissionDenied(host: host, port: port)
        default:
            self = .socket(host: host, port: port, call: error.function, errno: error.errno,
                           message: String(cString: strerror(error.errno)))
        }
    }
}
