/// The title and body of a notification (and the lines of an event's mail), in Korean or
/// English, from the event's snapshot: one place for the wording of every event.
public enum NotificationText {
    public static func make(_ type: EventType, _ snapshot: EventSnapshot, for audience: EventAudience,
                            in language: Language) -> (title: String, body: String) {
        let listing = snapshot.listingTitle
        let stay = stayText(snapshot)
        let ko = language == .ko
        let guest = snapshot.guestName.isEmpty ? (ko ? "게스트" : "A guest") : snapshot.guestName
        switch (type, audience) {
        case (.reservationConfirmed, .guest):
            return ko ? ("예약이 확정되었습니다", "\(listing), \(stay)") : ("Your booking is confirmed", "\(listing), \(stay)")
        case (.reservationConfirmed, .host):
            return ko ? ("새 예약", "\(guest)님이 \(listing)을(를) 예약했습니다. \(stay)")
                : ("New booking", "\(guest) booked \(listing). \(stay)")
        case (.reservationRequested, .guest):
            return ko ? ("예약 요청을 보냈습니다", "\(listing), \(stay). 호스트의 답을 기다리는 중입니다.")
                : ("Request sent", "\(listing), \(stay). Waiting for the host to answer.")
        case (.reservationRequested, .host):
            return ko ? ("새 예약 요청", "\(guest)님이 \(listing) 예약을 요청했습니다. \(stay)")
                : ("New booking request", "\(guest) asks to book \(listing). \(stay)")
        case (.reservationDeclined, .guest):
            return ko ? ("예약 요청이 거절되었습니다", "\(listing), \(stay)") : ("Your request was declined", "\(listing), \(stay)")
        case (.reservationDeclined, .host):
            return ko ? ("예약 요청을 거절했습니다", "\(listing), \(stay)") : ("You declined a request", "\(listing), \(stay)")
        case (.reservationExpired, .guest):
            return ko ? ("예약 요청이 만료되었습니다", "\(listing), \(stay)") : ("Your request expired", "\(listing), \(stay)")
        case (.reservationExpired, .host):
            return ko ? ("예약 요청이 만료되었습니다", "\(guest)님의 \(listing) 요청, \(stay)")
                : ("A request expired", "\(guest)'s request for \(listing), \(stay)")
        case (.reservationCancelled, _):
            let refund = refundText(snapshot, ko: ko)
            let byHost = snapshot.cancelledBy == .host
            if audience == .guest {
                return ko ? ("예약이 취소되었습니다", "\(listing), \(stay)\(byHost ? " (호스트 취소)" : ""). \(refund)")
                    : ("Your booking was cancelled", "\(listing), \(stay)\(byHost ? " (cancelled by the host)" : ""). \(refund)")
            }
            return ko ? ("예약이 취소되었습니다", "\(byHost ? "호스트가" : "\(guest)님이") \(listing) 예약을 취소했습니다. \(stay)")
                : ("A booking was cancelled", "\(byHost ? "You" : guest) cancelled the booking of \(listing). \(stay)")
        case (.listingPublished, _):
            return ko ? ("숙소가 공개되었습니다", listing) : ("Your listing is published", listing)
        case (.listingUnpublished, _):
            return ko ? ("숙소가 비공개로 바뀌었습니다", listing) : ("Your listing is unpublished", listing)
        case (.calendarSyncFailed, _):
            return ko ? ("캘린더 동기화에 실패했습니다", listing) : ("Calendar sync failed", listing)
        case (.calendarConflict, _):
            return ko ? ("캘린더가 겹칩니다", listing) : ("Calendar conflict", listing)
        case (.reviewPublished, _):
            return ko ? ("새 후기", listing) : ("New review", listing)
        case (.reviewReminder, .guest):
            let by = snapshot.reviewBy?.description ?? ""
            return ko ? ("\(listing) 숙박은 어떠셨나요?", "\(stay). \(by)까지 후기를 남겨 주세요.")
                : ("How was your stay at \(listing)?", "\(stay). Write a review by \(by).")
        case (.reviewReminder, .host):
            let by = snapshot.reviewBy?.description ?? ""
            return ko ? ("\(guest)님은 어떤 게스트였나요?", "\(listing), \(stay). \(by)까지 게스트 후기를 남겨 주세요.")
                : ("How was \(guest) as a guest?", "\(listing), \(stay). Review your guest by \(by).")
        case (.webhookDisabled, _):
            let url = snapshot.webhookURL ?? ""
            return ko ? ("웹훅 전송이 중지되었습니다", "\(url): 다시 보내려면 전송 기록에서 재전송하세요.")
                : ("A webhook was disabled", "\(url): \(snapshot.reason ?? "deliveries failed"). Redeliver from its delivery log to resume.")
        }
    }

    /// `2027-03-02 – 2027-03-05` (check-in to check-out), or empty without a stay.
    static func stayText(_ snapshot: EventSnapshot) -> String {
        guard let checkin = snapshot.checkin, let checkout = snapshot.checkout else { return "" }
        return "\(checkin) – \(checkout)"
    }

    static func refundText(_ snapshot: EventSnapshot, ko: Bool) -> String {
        guard let refund = snapshot.refundTotal, let currency = snapshot.currency else { return "" }
        let amount = Money(refund, currency).formatted
        return ko ? "환불 \(amount)" : "Refund \(amount)"
    }
}
