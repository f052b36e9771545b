import Domain
import HTTP1
import HTTPServer

/// Review failures as HTTP problems, each its own type (docs/API.md, "Reviews"); titles and
/// details in Korean when the request prefers it.
extension ReviewError: LocalizedProblemConvertible {
    public func problem(in language: Language) -> Problem {
        let l = language
        switch self {
        case .beforeCheckout(let opensOn):
            return Problem(type: .reviewBeforeCheckout, status: .conflict,
                           title: l.pick(en: "The stay has not ended", ko: "아직 체크아웃 전입니다"),
                           detail: l.pick(en: "Reviews open on the checkout day, \(opensOn).",
                                          ko: "후기는 체크아웃 날(\(opensOn))부터 쓸 수 있습니다."))
        case .windowClosed(let closedOn):
            return Problem(type: .reviewWindowClosed, status: .conflict,
                           title: l.pick(en: "Review window closed", ko: "후기 작성 기간이 끝났습니다"),
                           detail: l.pick(en: "Reviews can be written for 14 days after checkout; this stay's window closed on \(closedOn).",
                                          ko: "후기는 체크아웃 후 14일 동안 쓸 수 있습니다. 이 숙박은 \(closedOn)에 마감되었습니다."))
        case .reservationNotCompleted(let status):
            return Problem(type: .reviewReservationNotCompleted, status: .conflict,
                           title: l.pick(en: "No completed stay", ko: "완료된 숙박이 아닙니다"),
                           detail: l.pick(en: "This reservation is \(status): only a completed stay can be reviewed.",
                                          ko: "이 예약은 \(status) 상태입니다. 완료된 숙박만 후기를 쓸 수 있습니다."))
        case .alreadyReviewed:
            return Problem(type: .reviewAlreadyWritten, status: .conflict,
                           title: l.pick(en: "Already reviewed", ko: "이미 후기를 썼습니다"),
                           detail: l.pick(en: "A stay is reviewed once by each side.", ko: "숙박마다 후기는 한 번만 쓸 수 있습니다."))
        case .reviewNotFound:
            return Problem(type: .reviewNotFound, status: .notFound,
                           title: l.pick(en: "Review not found", ko: "후기를 찾을 수 없습니다"),
                           detail: l.pick(en: "None of your listings has a guest review with this id.",
                                          ko: "내 숙소에 이 ID의 게스트 후기가 없습니다."))
        case .reviewNotPublished:
            return Problem(type: .reviewNotPublished, status: .conflict,
                           title: l.pick(en: "Review not published yet", ko: "아직 공개되지 않은 후기입니다"),
                           detail: l.pick(en: "A review can be answered once it is published: when both sides have written theirs or the window has closed.",
                                          ko: "후기는 양쪽이 모두 작성했거나 작성 기간이 끝나 공개된 뒤에 답할 수 있습니다."))
        case .alreadyReplied:
            return Problem(type: .reviewAlreadyReplied, status: .conflict,
                           title: l.pick(en: "Already answered", ko: "이미 답글을 달았습니다"),
                           detail: l.pick(en: "A review is answered once.", ko: "후기에는 답글을 한 번만 달 수 있습니다."))
        }
    }
}

extension ProblemType {
    static let reviewBeforeCheckout = ProblemType(kind: "review-before-checkout")
    static let reviewWindowClosed = ProblemType(kind: "review-window-closed")
    static let reviewReservationNotCompleted = ProblemType(kind: "review-reservation-not-completed")
    static let reviewAlreadyWritten = ProblemType(kind: "review-already-written")
    static let reviewNotFound = ProblemType(kind: "review-not-found")
    static let reviewNotPublished = ProblemType(kind: "review-not-published")
    static let reviewAlreadyReplied = ProblemType(kind: "review-already-replied")
}
