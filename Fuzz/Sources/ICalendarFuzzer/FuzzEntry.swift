import Domain
import ICalendar

/// libFuzzer entry point. The bytes are read as a feed by `ICalImport` (zone and limits
/// picked by the first byte), and also turned into a calendar that is exported and read
/// back; the fuzzer traps when a promise breaks (Fuzz/README.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzImport(input)
    fuzzExport(input)
    return 0
}

let today = CalendarDate(year: 2026, month: 11, day: 28)!
let windowEnd = today.adding(days: 400)
let zones = ["Asia/Seoul", "America/New_York", "UTC", "Pacific/Kiritimati", "Not/AZone"]

func reader(for input: [UInt8]) -> ICalImport {
    let first = Int(input.first ?? 0)
    var limits = ICalLimits()
    if first & 8 != 0 {
        limits.maxLineBytes = 64
        limits.maxEvents = 5
        limits.maxRecurrenceSteps = 100
        limits.maxWarnings = 4
        limits.maxDepth = 3
    }
    return ICalImport(timeZone: zones[first % zones.count], today: today, windowEnd: windowEnd, limits: limits)
}

/// The reader never traps; its result keeps its promises; and CRLF or bare LF line ends
/// read the same.
func fuzzImport(_ input: [UInt8]) {
    let reader = reader(for: input)
    let outcome = Result { () throws(ICalParseError) in try reader.read(input) }
    switch outcome {
    case .success(let result):
        check(zip(result.nights, result.nights.dropFirst()).allSatisfy { $0 < $1 }, "nights not strictly ascending")
        check(result.nights.allSatisfy { $0 >= today && $0 < windowEnd }, "a night outside the window")
        var union = Set<CalendarDate>()
        for event in result.events {
            check(!event.nights.isEmpty, "an event that blocks nothing is listed")
            for (run, next) in zip(event.nights, event.nights.dropFirst()) {
                check(run.upperBound < next.lowerBound, "an event's runs touch or overlap")
            }
            for run in event.nights {
                check(!run.isEmpty && run.lowerBound >= today && run.upperBound <= windowEnd, "a run outside the window")
                var night = run.lowerBound
                while night < run.upperBound { union.insert(night); night = night.adding(days: 1) }
            }
        }
        check(union == Set(result.nights), "nights are not the union of the events' nights")
        check(result.eventCount <= reader.limits.maxEvents, "more events than maxEvents")
        check(result.warnings.count <= reader.limits.maxWarnings, "more warnings than maxWarnings")
        let physicalLines = input.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
        check(result.warnings.allSatisfy { (1...physicalLines).contains($0.line) }, "a warning's line is outside the input")
    case .failure(let error):
        check(!error.description.isEmpty, "an error without a description")
        if case .tooLarge = error { check(input.count > reader.limits.maxInputBytes, "tooLarge under the limit") }
    }
    // With no bare CR, CRLF and LF line ends are the same feed.
    var bareCR = false
    var lf: [UInt8] = []
    for (index, byte) in input.enumerated() {
        if byte == 0x0D {
            if index + 1 < input.count, input[index + 1] == 0x0A { continue }
            bareCR = true
        }
        lf.append(byte)
    }
    if !bareCR, lf.count != input.count {
        let other = Result { () throws(ICalParseError) in try reader.read(lf) }
        switch (outcome, other) {
        case (.success(let a), .success(let b)): check(a == b, "CRLF and LF read differently")
        case (.failure(let a), .failure(let b)): check(a == b, "CRLF and LF fail differently: \(a) vs \(b)")
        default: check(false, "CRLF and LF: one reads, one fails")
        }
    }
}

/// Bytes as a calendar: each bit a night of the window (set: unavailable), runs alternating
/// between reservations and host blocks; the name is the input as text. Exported, every
/// line is at most 75 octets and valid UTF-8 on its own, and reading it back blocks exactly
/// those nights.
func fuzzExport(_ input: [UInt8]) {
    var nights: [CalendarDate] = []
    for (index, byte) in input.prefix(50).enumerated() {
        for bit in 0..<8 where byte & (1 << bit) != 0 { nights.append(today.adding(days: index * 8 + bit)) }
    }
    var blocks: [ICalExport.Block] = []
    for (index, run) in ICalExport.hostBlockRuns(nights: nights).enumerated() {
        blocks.append(index % 2 == 0 ? run : ICalExport.Block(nights: run.nights, identity: .reservation(ReservationID(Int64(index)))))
    }
    let name = String(decoding: input, as: UTF8.self)
    let text = ICalExport(listing: ListingID(1), timeZone: "Asia/Seoul", calendarName: name)
        .render(blocks: blocks, today: today, windowEnd: windowEnd, stamp: Instant(millisecondsSinceEpoch: 0))
    let bytes = Array(text.utf8)
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
        check(index > 0 && bytes[index - 1] == 0x0D, "a bare LF in the export")
        let line = bytes[start..<(index - 1)]
        check(line.count <= 75, "an exported line over 75 octets")
        check(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence")
        start = index + 1
    }
    check(start == bytes.count, "the export does not end in CRLF")
    var limits = ICalLimits()
    limits.maxLineBytes = 1 << 20
    guard let back = try? ICalImport(timeZone: "Asia/Seoul", today: today, windowEnd: windowEnd, limits: limits).read(bytes) else {
        check(false, "the export does not read back"); return
    }
    check(back.nights == nights.filter { $0 < windowEnd }, "the export reads back to other nights")
    check(back.warnings.isEmpty, "the export reads back with warnings: \(back.warnings)")
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        print("INVARIANT BROKEN: \(message())")
        fatalError(message())
    }
}
