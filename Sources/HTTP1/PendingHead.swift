/// The request head as the parser assembles it, with the framing-relevant fields noted
/// while the lines are read so `finishHead` never rescans the headers.
struct PendingHead: Sendable {
    var method = HTTPMethod.get
    /// Origin-form target (absolute-form is rewritten to it), or "*".
    var target = ""
    var version = HTTPVersion.http1_1
    var headers = HTTPFields()
    /// Bytes of the header section read so far, line terminators included.
    var headerBytes = 0

    var hostCount = 0
    var contentLengths: [String] = []
    var transferEncodings: [String] = []
    var expectations: [String] = []
}
