/// The language of labels and titles. Korean is the default.
public enum Language: String, CaseIterable, Hashable, Sendable {
    case ko, en
}
