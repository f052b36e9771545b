import Domain
import HTTP1
import HTTPServer

/// Host failures as HTTP problems: the table on `HostError`, in one place (problem types as
/// the host API contract names them); titles and details in Korean when asked for.
extension HostError: LocalizedProblemConvertible {
    public func problem(in language: Language) -> Problem {
        let l = language
        switch self {
        case .hostRoleRequired:
            return Problem(type: .hostRoleRequired, status: .forbidden,
                           title: l.pick(en: "Host role required", ko: "호스트 권한이 필요합니다"),
                           detail: l.pick(en: "Only an account with the host role can use host routes.",
                                          ko: "호스트 역할이 있는 계정만 사용할 수 있습니다."))
        case .listingChanged(let etag):
            var problem = Problem(type: .listingChanged, status: .preconditionFailed,
                                  title: l.pick(en: "Listing changed", ko: "숙소 정보가 바뀌었습니다"),
                                  detail: l.pick(en: "The listing changed since you read it: read it again and retry.",
                                                 ko: "읽은 뒤에 숙소 정보가 바뀌었습니다. 다시 읽고 시도해 주세요."),
                                  extra: ["currentETag": [etag]])
            problem.headers.append(name: "ETag", value: etag)
            return problem
        case .publishRequirementsMissing(let missing):
            return Problem(type: .listingIncomplete, status: .unprocessableContent,
                           title: l.pick(en: "Listing incomplete", ko: "숙소 정보가 부족합니다"),
                           detail: l.pick(en: "Publishing needs: \(missing.map(\.rawValue).joined(separator: ", ")).",
                                          ko: "게시에 필요한 항목: \(missing.map(\.rawValue).joined(separator: ", "))."),
                           extra: ["missing": missing.map(\.rawValue)])
        case .nightsReserved(let nights):
            return Problem(type: .nightsReserved, status: .conflict,
                           title: l.pick(en: "Nights reserved", ko: "예약된 밤이 있습니다"),
                           detail: l.pick(en: "A reservation or a pending request holds some of these nights; nothing was changed.",
                                          ko: "예약 또는 대기 중인 요청이 있는 밤이 있어 아무것도 바꾸지 않았습니다."),
                           extra: ["nights": nights.map(\.description)])
        case .requestExpired(let id):
            return Problem(type: .requestExpired, status: .conflict,
                           title: l.pick(en: "Request expired", ko: "만료된 예약 요청입니다"),
                           detail: l.pick(en: "Request \(id) passed its expiry: its nights are free again.",
                                          ko: "예약 요청 \(id)은(는) 만료되어 날짜가 다시 열렸습니다."))
        case .reservationStateConflict(let id, let status, let action):
            return Problem(type: .reservationStateConflict, status: .conflict,
                           title: l.pick(en: "Not possible in this state", ko: "지금 상태에서는 할 수 없습니다"),
                           detail: l.pick(en: "Reservation \(id) is \(status.rawValue): \(action.rawValue) does not apply.",
                                          ko: "예약 \(id)의 상태가 \(status.rawValue)이므로 \(action.rawValue)을(를) 할 수 없습니다."),
                           extra: ["status": [status.rawValue]])
        }
    }
}

extension ProblemType {
    static let hostRoleRequired = ProblemType(kind: "host-role-required")
    static let listingChanged = ProblemType(kind: "listing-changed")
    static let listingIncomplete = ProblemType(kind: "listing-incomplete")
    static let nightsReserved = ProblemType(kind: "nights-reserved")
    static let requestExpired = ProblemType(kind: "request-expired")
    static let reservationStateConflict = ProblemType(kind: "reservation-state-conflict")
    static let preconditionRequired = ProblemType(kind: "precondition-required")
}
