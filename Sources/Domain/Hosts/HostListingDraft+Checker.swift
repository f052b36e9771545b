import Foundation

extension HostListingDraft {
    /// Applies a draft field by field, collecting issues.
    struct Checker {
        var content: HostListingContent
        var issues: [ParameterIssue] = []

        mutating func issue(_ name: String, _ reason: String) {
            issues.append(ParameterIssue(name: name, reason: reason))
        }

        /// The sent value of a field that cannot be null; nil (with an issue) for null.
        mutating func required<T>(_ field: DraftField<T>, _ name: String) -> T? {
            switch field {
            case .absent: return nil
            case .null: issue(name, "must not be null"); return nil
            case .set(let value): return value
            }
        }

        mutating func text(_ field: DraftField<String>, _ name: String, _ limit: ClosedRange<Int>,
                           apply: (inout HostListingContent, String) -> Void) {
            guard let raw = required(field, name) else { return }
            let value = raw.trimmingWhitespace
            guard limit.contains(value.count) else {
                return issue(name, "must be \(limit.lowerBound) to \(limit.upperBound) characters")
            }
            apply(&content, value)
        }

        mutating func integer(_ field: DraftField<Int>, _ name: String, _ limit: ClosedRange<Int>,
                              apply: (inout HostListingContent, Int) -> Void) {
            guard let value = required(field, name) else { return }
            guard limit.contains(value) else { return issue(name, "must be \(limit.lowerBound) to \(limit.upperBound)") }
            apply(&content, value)
        }

        /// A nullable count: null clears it.
        mutating func optionalInteger(_ field: DraftField<Int>, _ name: String, _ limit: ClosedRange<Int>,
                                      apply: (inout HostListingContent, Int?) -> Void) {
            switch field {
            case .absent: return
            case .null: apply(&content, nil)
            case .set(let value):
                guard limit.contains(value) else { return issue(name, "must be \(limit.lowerBound) to \(limit.upperBound) or null") }
                apply(&content, value)
            }
        }

        mutating func money(_ field: DraftField<Int64>, _ name: String, nullable: Bool,
                            apply: (inout HostListingContent, Int64?) -> Void) {
            let limit = HostListingDraft.Limits.money
            switch field {
            case .absent: return
            case .null:
                guard nullable else { return issue(name, "must not be null") }
                apply(&content, nil)
            case .set(let value):
                guard limit.contains(value) else {
                    return issue(name, "must be 0 to \(limit.upperBound) (minor units of the currency)")
                }
                apply(&content, value)
            }
        }

        mutating func list(_ field: DraftField<[String]>, _ name: String, count: Int, length: ClosedRange<Int>,
                           apply: (inout HostListingContent, [String]) -> Void) {
            guard let raw = required(field, name) else { return }
            guard raw.count <= count else { return issue(name, "must have at most \(count) items") }
            let values = raw.map(\.trimmingWhitespace)
            var seen = Set<String>(), valid = true
            for (index, value) in values.enumerated() {
                if !length.contains(value.count) {
                    issue("\(name)[\(index)]", "must be \(length.lowerBound) to \(length.upperBound) characters")
                    valid = false
                } else if !seen.insert(value).inserted {
                    issue("\(name)[\(index)]", "repeats an earlier item")
                    valid = false
                }
            }
            if valid { apply(&content, values) }
        }

        mutating func photos(_ field: DraftField<[String]>) {
            let limits = HostListingDraft.Limits.self
            guard let urls = required(field, "photos") else { return }
            guard urls.count <= limits.photos else { return issue("photos", "must have at most \(limits.photos) URLs") }
            var valid = true
            for (index, url) in urls.enumerated() {
                if let problem = HostListingDraft.photoURLProblem(url) { issue("photos[\(index)]", problem); valid = false }
            }
            if valid { content.photos = urls }
        }

        mutating func choice<T>(_ field: DraftField<String>, _ name: String, _ make: (String) -> T?, allowed: String,
                                apply: (inout HostListingContent, T) -> Void) {
            guard let raw = required(field, name) else { return }
            guard let value = make(raw) else { return issue(name, "must be one of \(allowed)") }
            apply(&content, value)
        }

        mutating func clockTime(_ field: DraftField<String>, _ name: String,
                                apply: (inout HostListingContent, String) -> Void) {
            guard let value = required(field, name) else { return }
            guard HostListingDraft.isClockTime(value) else { return issue(name, "must be HH:MM (00:00 to 23:59)") }
            apply(&content, value)
        }
    }
}
