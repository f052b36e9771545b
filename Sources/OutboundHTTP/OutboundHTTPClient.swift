import CCurl
import IPAddress
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Outbound HTTP for calendar feeds and webhooks, through libcurl (TLS, redirects, gzip and
/// HTTP parsing are libcurl's; nothing of them is written here).
///
/// Every request: http or https only (redirects included), the `AddressPolicy` applied to
/// each address a socket connects to, a `User-Agent` naming Stays, gzip and deflate
/// accepted and decoded, the request's limits enforced. Synchronous: call it off the request
/// path (background jobs). Thread safety: `Sendable`; each call has its own curl handle.
public struct OutboundHTTPClient: Sendable {
    public let policy: AddressPolicy
    public let userAgent: String

    public init(policy: AddressPolicy, userAgent: String = "Stays/1.0 (+calendar sync and webhooks)") {
        self.policy = policy
        self.userAgent = userAgent
        CurlGlobal.initialize()
    }

    public func send(_ request: OutboundRequest) throws -> OutboundResponse {
        let lowered = request.url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), request.url.count > 8,
              !request.url.contains(where: { $0.isWhitespace }) else { throw OutboundError.invalidURL }
        guard let handle = curl_easy_init() else { throw OutboundError.transport("libcurl could not start a transfer") }
        defer { curl_easy_cleanup(handle) }
        let transfer = Transfer(policy: policy, limit: request.maximumResponseBytes, upload: request.body ?? [])
        let context = Unmanaged.passRetained(transfer)
        defer { context.release() }
        var headers: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { headers = curl_slist_append(headers, "\(name): \(value)") }
        if request.body != nil { headers = curl_slist_append(headers, "Expect:") }
        defer { curl_slist_free_all(headers) }

        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let start = ContinuousClock.now
        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        errorBuffer.withUnsafeMutableBufferPointer { errors in
            set(stays_curl_setopt_string(handle, CURLOPT_URL, request.url))
            set(stays_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"))
            set(stays_curl_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
            set(stays_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, request.maximumRedirects > 0 ? 1 : 0))
            set(stays_curl_setopt_long(handle, CURLOPT_MAXREDIRS, request.maximumRedirects))
            set(stays_curl_setopt_long(handle, CURLOPT_TIMEOUT, request.timeoutSeconds))
            set(stays_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, min(request.timeoutSeconds, 10)))
            set(stays_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
            set(stays_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""))
            set(stays_curl_setopt_string(handle, CURLOPT_USERAGENT, userAgent))
            set(stays_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method))
            set(stays_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, headers))
            set(stays_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress))
            set(stays_curl_setopt_opensocket(handle, { context, purpose, address in
                Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().openSocket(address!)
            }))
            set(stays_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, context.toOpaque()))
            set(stays_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, { buffer, size, count, context in
                Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().receive(buffer!, size * count)
            }))
            set(stays_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque()))
            set(stays_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, { buffer, size, count, context in
                Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().header(buffer!, size * count)
            }))
            set(stays_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context.toOpaque()))
            if let body = request.body {
                set(stays_curl_setopt_long(handle, CURLOPT_UPLOAD, 1))
                set(stays_curl_setopt_long(handle, CURLOPT_INFILESIZE, body.count))
                set(stays_curl_setopt_data_callback(handle, CURLOPT_READFUNCTION, { buffer, size, count, context in
                    Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue().upload.read(into: buffer!, capacity: size * count)
                }))
                set(stays_curl_setopt_pointer(handle, CURLOPT_READDATA, context.toOpaque()))
            }
            if code == CURLE_OK { code = curl_easy_perform(handle) }
        }
        let elapsed = ContinuousClock.now - start
        if let refused = transfer.refusedAddress { throw OutboundError.addressRefused(refused.description) }
        if transfer.overflowed { throw OutboundError.tooLarge(request.maximumResponseBytes) }
        switch code {
        case CURLE_OK: break
        case CURLE_OPERATION_TIMEDOUT: throw OutboundError.timedOut
        case CURLE_TOO_MANY_REDIRECTS: throw OutboundError.tooManyRedirects
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT: throw OutboundError.invalidURL
        default:
            throw OutboundError.transport(curlErrorText(errorBuffer, code))
        }
        var status = 0
        _ = stays_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        let (seconds, attoseconds) = elapsed.components
        return OutboundResponse(status: status, headers: transfer.headers, body: transfer.body,
                                milliseconds: Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}

/// One transfer's state, reached from libcurl's callbacks on the calling thread.
private final class Transfer {
    let policy: AddressPolicy
    let limit: Int
    let upload: CurlUploadBuffer
    var body: [UInt8] = []
    var headers: [(name: String, value: String)] = []
    var refusedAddress: IPAddress?
    var overflowed = false

    init(policy: AddressPolicy, limit: Int, upload: [UInt8]) {
        self.policy = policy
        self.limit = limit
        self.upload = CurlUploadBuffer(upload)
    }

    /// libcurl's open-socket callback: the one place an address is judged, just before the
    /// connection to it.
    func openSocket(_ address: UnsafeMutablePointer<curl_sockaddr>) -> curl_socket_t {
        let peer = withUnsafePointer(to: &address.pointee.addr) { IPAddress($0) }
        guard let peer, policy.allows(peer) else {
            if refusedAddress == nil { refusedAddress = peer ?? .v4(0) }
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }

    func receive(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        guard body.count + count <= limit else {
            overflowed = true
            return 0 // libcurl aborts the transfer
        }
        buffer.withMemoryRebound(to: UInt8.self, capacity: count) { body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        return count
    }

    func header(_ buffer: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        let line = buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [] // a new response (after a redirect or a 100 Continue)
        } else if let colon = line.firstIndex(of: ":") {
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return count
    }
}

/// `curl_global_init` once per process, before any handle (it is not thread-safe itself;
/// a Swift `static let` runs its initializer exactly once).
public enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    public static func initialize() {
        precondition(initialized, "libcurl could not be initialised")
    }
}
