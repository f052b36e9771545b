extension DatabaseLocation {
    /// `url` with every password replaced by `***`: the one in the user information
    /// (`postgres://user:secret@host/db`) and any connection parameter whose name holds
    /// "password" (`?password=secret`, `sslpassword=...`), which libpq accepts as well.
    /// Everything else (user, hosts, database, other parameters) is kept, so a log line or
    /// `--print-config` still says which database is meant.
    public static func redactingPasswords(in url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        var rest = url[scheme.upperBound...]
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            authority = String(authority[...colon]) + "***" + String(authority[at...])
        }
        var result = String(url[..<scheme.upperBound]) + authority + rest[authorityEnd...]
        if let query {
            let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter -> String in
                guard let equals = parameter.firstIndex(of: "="),
                      parameter[..<equals].lowercased().contains("password") else { return String(parameter) }
                return String(parameter[...equals]) + "***"
            }
            result += "?" + parameters.joined(separator: "&")
        }
        return result
    }
}
