/// What an account may do: book as a guest, run listings as a host, or both.
public enum AccountRole: String, CaseIterable, Hashable, Sendable, Comparable {
    case guest, host

    public static func < (lhs: AccountRole, rhs: AccountRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The roles in `names`, in canonical order and without repeats; nil when a name is
    /// unknown or the list is empty (an account has at least one role).
    public static func roles(named names: [String]) -> [AccountRole]? {
        var roles = Set<AccountRole>()
        for name in names {
            guard let role = AccountRole(rawValue: name) else { return nil }
            roles.insert(role)
        }
        return roles.isEmpty ? nil : roles.sorted()
    }
}
