import Foundation

/// Logs a repeating failure once per episode: the first failure's line, then nothing while
/// failures of the same kind go on, then one line with their count when it succeeds again
/// (or when the failure changes kind). For background work retried on a timer, which would
/// otherwise log the same line every tick.
///
/// Thread safety: `Sendable`; several workers may share one (webhook delivery). The state is
/// behind an `NSLock` (a pthread mutex, which ThreadSanitizer follows; `Mutex`'s contended
/// path is invisible to it, see .ci/tsan.supp).
final class EpisodeLog: @unchecked Sendable {
    private struct Episode {
        var kind: String
        var count: Int
    }

    private let what: String
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var episode: Episode?

    init(what: String, log: @escaping @Sendable (String) -> Void) {
        self.what = what
        self.log = log
    }

    func failed(_ error: any Error) {
        let kind = Self.kind(of: error)
        let lines: [String] = lock.withLock {
            if var current = episode, current.kind == kind {
                current.count += 1
                episode = current
                return []
            }
            var lines: [String] = []
            if let ended = episode { lines.append(endLine(ended)) }
            episode = Episode(kind: kind, count: 1)
            lines.append("\(what) failed: \(error) (logged once until it succeeds again)")
            return lines
        }
        lines.forEach(log)
    }

    func succeeded() {
        let ended: Episode? = lock.withLock {
            defer { episode = nil }
            return episode
        }
        if let ended { log(endLine(ended)) }
    }

    private func endLine(_ episode: Episode) -> String {
        "\(what) works again after \(episode.count) failures"
    }

    /// Errors of one kind: the same type and the same text up to the first colon ("SQLite
    /// error 13" without SQLite's message, which may vary).
    static func kind(of error: any Error) -> String {
        let text = String(describing: error)
        let prefix = text.prefix { $0 != ":" }
        return "\(type(of: error)) \(prefix)"
    }
}
