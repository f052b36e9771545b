import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGTERM and SIGINT into one call of `handler` (later signals call it again, which
/// must be harmless). The default actions are ignored so that the process is not killed
/// before the graceful shutdown runs.
final class ShutdownSignals {
    private let sources: [any DispatchSourceSignal]

    init(handler: @escaping @Sendable (Int32) -> Void) {
        sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
