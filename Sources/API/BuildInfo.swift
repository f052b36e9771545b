/// What this binary is: `GET /version`, `stays --version` and `stays_build_info`.
public enum BuildInfo {
    /// The release version.
    public static let version = "0.1.0"
    /// The short git commit it was built from (`git rev-parse --short HEAD` at build time, by
    /// the EmbedBuildInfo plugin), or "unknown" when built outside a git checkout.
    public static let commit = BuildCommit.value
    /// The Swift compiler it was built with (major.minor).
    public static let swift: String = {
        #if compiler(>=6.4)
        return "6.4+"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }()

    /// `{"version":"0.1.0","commit":"abc1234","swift":"6.3"}`.
    public static var json: String {
        #"{"version":"\#(version)","commit":"\#(commit)","swift":"\#(swift)"}"#
    }
}
