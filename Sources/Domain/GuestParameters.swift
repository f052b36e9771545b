/// The limits of a party that every request is held to, whatever the listing allows.
/// (The API parses the parameters that name a party: `GuestQuery`.)
public enum GuestParameters {
    public static let maxAdults = 99
    public static let maxChildren = 99
    public static let maxInfants = 5
}
