/// The order of the places inside a map box (`LocationService.inside`).
public enum LocationOrder: String, CaseIterable, Hashable, Sendable {
    /// Most listings first.
    case popular
    /// Nearest to the box's centre first.
    case distance
}
