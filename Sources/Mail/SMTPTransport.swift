import CCurl
import Foundation
import OutboundHTTP

/// Sends through an SMTP server with libcurl: `smtp://host:port` (STARTTLS when the server
/// offers it) or `smtps://host:port` (TLS from the first byte; TLS is libcurl's and the
/// system's OpenSSL, never ours). Credentials come from the URL's user information or from
/// `username`/`password`. Connecting is bounded by 10 s and the whole exchange by 30 s.
///
/// Thread safety: `Sendable`; each `send` uses its own curl handle.
public struct SMTPTransport: MailTransport {
    public let url: String
    public let username: String?
    public let password: String?

    public init(url: String, username: String? = nil, password: String? = nil) {
        self.url = url
        self.username = username
        self.password = password
        CurlGlobal.initialize()
    }

    public func send(_ message: MailMessage, name: String) throws {
        guard let handle = curl_easy_init() else { throw SMTPError(message: "libcurl could not start a transfer") }
        defer { curl_easy_cleanup(handle) }
        let upload = CurlUploadBuffer(message.bytes)
        let context = Unmanaged.passRetained(upload)
        defer { context.release() }
        let recipients = curl_slist_append(nil, "<\(message.to)>")
        defer { curl_slist_free_all(recipients) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        errorBuffer.withUnsafeMutableBufferPointer { errors in
            set(stays_curl_setopt_string(handle, CURLOPT_URL, url))
            set(stays_curl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(message.from)>"))
            set(stays_curl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients))
            set(stays_curl_setopt_long(handle, CURLOPT_UPLOAD, 1))
            set(stays_curl_setopt_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue)))
            set(stays_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, 10))
            set(stays_curl_setopt_long(handle, CURLOPT_TIMEOUT, 30))
            set(stays_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
            set(stays_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "smtp,smtps"))
            set(stays_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress))
            set(stays_curl_setopt_data_callback(handle, CURLOPT_READFUNCTION, { buffer, size, count, context in
                Unmanaged<CurlUploadBuffer>.fromOpaque(context!).takeUnretainedValue().read(into: buffer!, capacity: size * count)
            }))
            set(stays_curl_setopt_pointer(handle, CURLOPT_READDATA, context.toOpaque()))
            if let username { set(stays_curl_setopt_string(handle, CURLOPT_USERNAME, username)) }
            if let password { set(stays_curl_setopt_string(handle, CURLOPT_PASSWORD, password)) }
            if code == CURLE_OK { code = curl_easy_perform(handle) }
        }
        guard code == CURLE_OK else {
            throw SMTPError(message: curlErrorText(errorBuffer, code))
        }
    }
}

/// Why a message was not sent (libcurl's words; never the message or the credentials).
public struct SMTPError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { "SMTP: \(message)" }
}
