import Domain
import HTTP1
import HTTPServer

/// Calendar sync failures as HTTP problems: the table on `CalendarSyncError`, in one place.
extension CalendarSyncError: LocalizedProblemConvertible {
    public func problem(in language: Language) -> Problem {
        let l = language
        switch self {
        case .importNotFound(let id):
            return Problem(type: .calendarImportNotFound, status: .notFound,
                           title: l.pick(en: "Calendar import not found", ko: "캘린더 가져오기를 찾을 수 없습니다"),
                           detail: l.pick(en: "This listing has no calendar import \(id).", ko: "이 숙소에 캘린더 가져오기 \(id)이(가) 없습니다."))
        case .syncInProgress:
            var problem = Problem(type: .calendarSyncInProgress, status: .conflict,
                                  title: l.pick(en: "Sync in progress", ko: "동기화 중"),
                                  detail: l.pick(en: "This calendar is being synced right now; try again in a few seconds.",
                                                 ko: "이 캘린더는 지금 동기화 중입니다. 잠시 후 다시 시도해 주세요."))
            problem.headers.append(name: "Retry-After", value: "5")
            return problem
        }
    }
}

extension ProblemType {
    static let calendarImportNotFound = ProblemType(kind: "calendar-import-not-found")
    static let calendarSyncInProgress = ProblemType(kind: "calendar-sync-in-progress")
}
