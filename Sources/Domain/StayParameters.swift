/// The limits of a stay that every request is held to, whatever the listing allows.
/// (The API parses the parameters that name a stay: `StayQuery`.)
public enum StayParameters {
    /// The most nights one stay may have.
    public static let maxNights = 365
}
