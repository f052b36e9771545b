import Domain
import HTTP1
import HTTPServer

/// Notification and webhook failures as HTTP problems: the table on `EventError`, in one
/// place; titles and details in Korean when the request prefers it.
extension EventError: LocalizedProblemConvertible {
    public func problem(in language: Language) -> Problem {
        let l = language
        switch self {
        case .notificationNotFound:
            return Problem(type: .notificationNotFound, status: .notFound,
                           title: l.pick(en: "Notification not found", ko: "알림을 찾을 수 없습니다"),
                           detail: l.pick(en: "You have no notification with this id.", ko: "이 ID의 알림이 없습니다."))
        case .webhookNotFound:
            return Problem(type: .webhookNotFound, status: .notFound,
                           title: l.pick(en: "Webhook not found", ko: "웹훅을 찾을 수 없습니다"),
                           detail: l.pick(en: "You have no webhook with this id.", ko: "이 ID의 웹훅이 없습니다."))
        case .deliveryNotFound:
            return Problem(type: .deliveryNotFound, status: .notFound,
                           title: l.pick(en: "Delivery not found", ko: "전송 기록을 찾을 수 없습니다"),
                           detail: l.pick(en: "This webhook has no delivery with this id.", ko: "이 웹훅에 해당 ID의 전송 기록이 없습니다."))
        case .tooManyWebhooks(let limit):
            return Problem(type: .tooManyWebhooks, status: .conflict,
                           title: l.pick(en: "Too many webhooks", ko: "웹훅이 너무 많습니다"),
                           detail: l.pick(en: "A host may have at most \(limit) webhooks; delete one first.",
                                          ko: "웹훅은 \(limit)개까지 만들 수 있습니다. 먼저 하나를 삭제해 주세요."))
        }
    }
}

extension ProblemType {
    static let notificationNotFound = ProblemType(kind: "notification-not-found")
    static let webhookNotFound = ProblemType(kind: "webhook-not-found")
    static let deliveryNotFound = ProblemType(kind: "delivery-not-found")
    static let tooManyWebhooks = ProblemType(kind: "too-many-webhooks")
}
