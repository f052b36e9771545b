import Domain
import Testing

@Suite struct HostCalendarEditTests {
    let today = date("2027-02-15")

    func validationIssues(_ changes: [CalendarChange], lastOpen: String = "2028-02-14") -> [String] {
        do {
            try CalendarChange.validate(changes, today: today, lastOpenNight: date(lastOpen))
            return []
        } catch {
            guard case .invalidParameters(let issues) = error else { return [] }
            return issues.map(\.name)
        }
    }

    @Test func validationNamesEachBadChange() {
        let good = CalendarChange(from: date("2027-03-01"), to: date("2027-03-31"), price: .set(120_000))
        #expect(validationIssues([good]).isEmpty)
        #expect(validationIssues([]) == ["changes"])
        #expect(validationIssues(Array(repeating: good, count: 101)) == ["changes"])
        #expect(validationIssues(Array(repeating: good, count: 100)).isEmpty)
        #expect(validationIssues([
            good,
            CalendarChange(from: date("2027-03-05"), to: date("2027-03-04"), available: false),
            CalendarChange(from: date("2027-02-14"), to: date("2027-02-20"), available: false),
            CalendarChange(from: date("2028-02-01"), to: date("2028-02-15"), available: true),
            CalendarChange(from: date("2027-04-01"), to: date("2027-04-02")),
            CalendarChange(from: date("2027-04-01"), to: date("2027-04-02"), price: .set(-5), minNights: .set(0),
                           maxNights: .set(366)),
            CalendarChange(from: date("2027-04-01"), to: date("2027-04-02"), minNights: .set(5), maxNights: .set(4)),
        ]) == ["changes[1].to", "changes[2].from", "changes[3].to", "changes[4].from", "changes[5].price",
               "changes[5].minNights", "changes[5].maxNights", "changes[6].maxNights"])
        // Today itself and the window's last night are editable.
        #expect(validationIssues([CalendarChange(from: today, to: date("2028-02-14"), available: true)]).isEmpty)
    }

    @Test func laterChangesWinWhereTheyOverlapAndEachSetsOnlyItsFields() {
        let current = [CalendarEntry(date: date("2027-03-02"), price: 90_000, closedToArrival: true)]
        let edit = CalendarEdit(applying: [
            CalendarChange(from: date("2027-03-01"), to: date("2027-03-04"), price: .set(120_000), minNights: .set(2)),
            CalendarChange(from: date("2027-03-03"), to: date("2027-03-05"), price: .set(150_000)),
            CalendarChange(from: date("2027-03-04"), to: date("2027-03-04"), available: false),
        ], to: current)
        #expect(edit.affectedRange == date("2027-03-01")..<date("2027-03-06"))
        #expect(edit.entries == [
            CalendarEntry(date: date("2027-03-01"), price: 120_000, minNights: 2),
            CalendarEntry(date: date("2027-03-02"), price: 120_000, minNights: 2, closedToArrival: true),
            CalendarEntry(date: date("2027-03-03"), price: 150_000, minNights: 2),
            CalendarEntry(date: date("2027-03-04"), status: .blocked, price: 150_000, minNights: 2),
            CalendarEntry(date: date("2027-03-05"), price: 150_000),
        ])
        #expect(edit.upserts == edit.entries && edit.deletions.isEmpty)
        #expect(edit.closedNights == [date("2027-03-04")] && edit.newlyClosed == [date("2027-03-04")])
    }

    @Test func nullReturnsNightsToTheDefaultsAndDefaultNightsHaveNoRow() {
        let current = [
            CalendarEntry(date: date("2027-03-01"), price: 90_000),
            CalendarEntry(date: date("2027-03-02"), price: 90_000, minNights: 3),
            CalendarEntry(date: date("2027-03-03"), status: .blocked),
        ]
        let edit = CalendarEdit(applying: [
            CalendarChange(from: date("2027-03-01"), to: date("2027-03-02"), price: .null),
            CalendarChange(from: date("2027-03-03"), to: date("2027-03-03"), available: true),
        ], to: current)
        #expect(edit.entries == [CalendarEntry(date: date("2027-03-02"), minNights: 3)])
        #expect(edit.upserts == [CalendarEntry(date: date("2027-03-02"), minNights: 3)])
        #expect(edit.deletions == [date("2027-03-01"), date("2027-03-03")])
        #expect(edit.closedNights.isEmpty && edit.newlyClosed.isEmpty)
    }

    @Test func aGuestsNightIsNeitherOpenedNorClosedButReportedAsAConflict() {
        let booked = CalendarEntry(date: date("2027-03-02"), status: .booked)
        let close = [CalendarChange(from: date("2027-03-01"), to: date("2027-03-03"), available: false)]
        let edit = CalendarEdit(applying: close, to: [booked])
        #expect(edit.entries.map(\.status) == [.blocked, .booked, .blocked])
        #expect(edit.closedNights == [date("2027-03-01"), date("2027-03-02"), date("2027-03-03")])
        #expect(edit.newlyClosed == [date("2027-03-01"), date("2027-03-03")])
        #expect(CalendarEdit.conflicts(closing: edit.closedNights, held: [date("2027-03-02"), date("2027-04-01")])
                    == [date("2027-03-02")])
        let open = CalendarEdit(applying: [CalendarChange(from: date("2027-03-02"), to: date("2027-03-02"), available: true)],
                                to: [booked])
        #expect(open.isEmpty && open.entries == [booked])
        // A later change reopening a night clears an earlier close of it from the conflicts.
        let reopened = CalendarEdit(applying: close + [CalendarChange(from: date("2027-03-02"), to: date("2027-03-02"),
                                                                      available: true)], to: [booked])
        #expect(reopened.closedNights == [date("2027-03-01"), date("2027-03-03")])
    }

    /// The host's `available: true` does not open a night an import's feed holds: only the
    /// host's own block goes (the store records that), and the night's other fields change.
    @Test func aNightAnImportHoldsStaysClosedWhenTheHostOpensIt() {
        let current = [CalendarEntry(date: date("2027-03-01"), status: .blocked),
                       CalendarEntry(date: date("2027-03-02"), status: .blocked)]
        let open = [CalendarChange(from: date("2027-03-01"), to: date("2027-03-03"), price: .set(99_000), available: true)]
        let edit = CalendarEdit(applying: open, to: current, importHeld: [date("2027-03-02")])
        #expect(edit.entries.map(\.status) == [.available, .blocked, .available])
        #expect(edit.entries.map(\.price) == [99_000, 99_000, 99_000])
        #expect(edit.openedNights == [date("2027-03-01"), date("2027-03-02"), date("2027-03-03")])
        #expect(edit.closedNights.isEmpty)
        // Without the import's hold, the same change opens the night.
        #expect(CalendarEdit(applying: open, to: current).entries.map(\.status) == [.available, .available, .available])
        // The host closing it still closes it (a no-op on the row: the store records the flag).
        let close = CalendarEdit(applying: [CalendarChange(from: date("2027-03-02"), to: date("2027-03-02"), available: false)],
                                 to: current, importHeld: [date("2027-03-02")])
        #expect(close.isEmpty && close.closedNights == [date("2027-03-02")] && close.changedNights == 0)
    }

    @Test func applyingTheSameChangesTwiceChangesNothingTheSecondTime() {
        var generator = SplitMix(seed: 27)
        for _ in 0..<200 {
            let start = date("2027-03-01")
            var current: [CalendarEntry] = []
            for offset in 0..<40 where generator.next(4) == 0 {
                current.append(CalendarEntry(date: start.adding(days: offset),
                                             status: [.available, .blocked, .booked][generator.next(3)],
                                             price: generator.next(2) == 0 ? nil : Int64(generator.next(5)) * 10_000,
                                             minNights: generator.next(3) == 0 ? 2 : nil,
                                             closedToDeparture: generator.next(5) == 0))
            }
            let changes = (0..<(1 + generator.next(6))).map { _ in
                let from = start.adding(days: generator.next(30))
                return CalendarChange(from: from, to: from.adding(days: generator.next(10)),
                                      price: [.absent, .null, .set(Int64(generator.next(5)) * 10_000)][generator.next(3)],
                                      available: [nil, true, false][generator.next(3)],
                                      minNights: [.absent, .null, .set(1 + generator.next(3))][generator.next(3)],
                                      closedToArrival: [nil, true, false][generator.next(3)])
            }
            let first = CalendarEdit(applying: changes, to: current)
            // The rows written are exactly the difference: current with the edit applied is the result.
            var stored = Dictionary(uniqueKeysWithValues: current.map { ($0.date, $0) })
            for date in first.deletions { stored[date] = nil }
            for entry in first.upserts { stored[entry.date] = entry }
            #expect(stored.values.filter { first.affectedRange.contains($0.date) }.sorted { $0.date < $1.date } == first.entries)
            #expect(!first.entries.contains { $0.isDefault })
            let second = CalendarEdit(applying: changes, to: Array(stored.values))
            #expect(second.isEmpty && second.entries == first.entries && second.newlyClosed.isEmpty)
        }
    }
}

/// A small deterministic generator for property tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
