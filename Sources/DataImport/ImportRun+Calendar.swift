import Domain

/// The calendar passes of an import.
///
/// Decisions (see docs/data.md):
/// - `available` = `f` becomes `.booked`: Inside Airbnb cannot tell booked from host-blocked
///   nights, and for a guest both mean "not bookable".
/// - The nightly price is `price`; `adjusted_price` is used only when `price` is empty (it
///   folds in length-of-stay discounts that Stays models separately).
/// - A listing whose `price` is empty takes the lower median of these prices as its base
///   price (over available days, else all days): pass 2 gathers them.
/// - A row becomes a stored entry only when it differs from the listing's defaults (status,
///   price, minimum or maximum nights); the schema stores exceptions only.
/// - Rows must be grouped by listing (Inside Airbnb files are). Rows of a listing that
///   reappear after another listing's rows are skipped with a reason.
extension ImportRun {
    private struct CalendarColumns {
        var listingID = 0, date = 0, available = 0, price = 0, adjustedPrice = 0, minNights = 0, maxNights = 0, count = 0
    }

    private func openCalendar(_ path: String) throws -> (CSVReader, CalendarColumns) {
        let reader = try CSVReader(path: path)
        let header = try ImportError.readHeader(reader, path: path)
        let missing = InsideAirbnbFormat.calendarColumns.filter { !header.contains($0) }
        guard missing.isEmpty else { throw ImportError.unrecognizedHeader(path: path, missing: missing) }
        return (reader, CalendarColumns(
            listingID: header.index(of: "listing_id")!, date: header.index(of: "date")!,
            available: header.index(of: "available")!, price: header.index(of: "price")!,
            adjustedPrice: header.index(of: "adjusted_price")!, minNights: header.index(of: "minimum_nights")!,
            maxNights: header.index(of: "maximum_nights")!, count: header.count))
    }

    // MARK: Pass 2

    /// Finds each known listing's last calendar date and the snapshot's first date (for the shift).
    mutating func scanCalendar(_ path: String) throws {
        progress(.phaseStarted(name: "checking calendar \(Self.fileName(path))", total: Self.fileSize(path), unit: .bytes))
        let (reader, columns) = try openCalendar(path)
        var firstDate: CalendarDate?
        var rows = 0
        while let result = try reader.next() {
            rows += 1
            if rows % 4096 == 0 { progress(.advanced(completed: reader.bytesConsumed)) }
            guard case .success(let record) = result, record.fields.count == columns.count,
                  let raw = FieldParsers.id(record.fields[columns.listingID]), defaults[ListingID(raw)] != nil,
                  let date = CalendarDate(record.fields[columns.date]) else { continue }
            let id = ListingID(raw)
            if calendarPrices[id] != nil { gatherPrice(record.fields, columns: columns, of: id) }
            if let last = lastCalendarDate[id], last >= date {} else { lastCalendarDate[id] = date }
            if let first = firstDate, first <= date {} else { firstDate = date }
        }
        progress(.advanced(completed: reader.bytesConsumed))
        if let target = options.shiftDatesTo, let firstDate {
            shift = firstDate.days(until: target)
            summary.dateShiftDays = shift
        }
    }

    /// Notes a row's nightly price (`price`, else `adjusted_price`, as pass 4 reads it) for
    /// a listing without a price; a row that pass 4 will reject is left out.
    private mutating func gatherPrice(_ fields: [String], columns: CalendarColumns, of id: ListingID) {
        let text = fields[columns.price].isEmpty ? fields[columns.adjustedPrice] : fields[columns.price]
        let available = fields[columns.available]
        guard !text.isEmpty, available == "t" || available == "f",
              let price = try? MoneyParser.parse(text, minorUnitDigits: options.currency.minorUnitDigits),
              price > 0 else { return }
        calendarPrices[id]?.all.append(price)
        if available == "t" { calendarPrices[id]?.available.append(price) }
    }

    // MARK: Pass 4

    private struct PendingCalendar {
        var id: ListingID
        var entries: [CalendarEntry] = []
        var dates: Set<CalendarDate> = []
    }

    private struct CalendarRejection: Error {
        var reason: String
    }

    mutating func importCalendar(_ path: String) throws {
        progress(.phaseStarted(name: "saving calendar \(Self.fileName(path))", total: Self.fileSize(path), unit: .bytes))
        let (reader, columns) = try openCalendar(path)
        var pending: PendingCalendar?
        var done: Set<ListingID> = []
        var finished = false
        while !finished {
            var flushed = 0
            try writer.transaction {
                while flushed < options.batchSize {
                    guard let result = try reader.next() else {
                        if let last = pending {
                            try flush(last)
                            done.insert(last.id)
                            pending = nil
                        }
                        finished = true
                        return
                    }
                    let record: CSVRecord
                    switch result {
                    case .failure(let error):
                        skipCalendarRow(line: error.line, reason: Self.reason(error))
                        continue
                    case .success(let value):
                        record = value
                    }
                    do {
                        let (id, entry) = try parseCalendarRow(record.fields, columns: columns, done: done)
                        if pending?.id != id {
                            if let previous = pending {
                                try flush(previous)
                                done.insert(previous.id)
                                flushed += 1
                            }
                            pending = PendingCalendar(id: id)
                        }
                        guard pending!.dates.insert(entry.date).inserted else {
                            throw CalendarRejection(reason: "duplicate date \(entry.date) for listing \(id)")
                        }
                        summary.calendarRowsApplied += 1
                        if let entry = differingEntry(entry, of: id) { pending!.entries.append(entry) }
                    } catch let rejection as CalendarRejection {
                        skipCalendarRow(line: record.line, reason: rejection.reason)
                    }
                }
            }
            progress(.advanced(completed: reader.bytesConsumed))
        }
        // Listings without calendar rows lose any calendar an earlier import gave them.
        let withoutRows = defaults.keys.filter { !done.contains($0) }.sorted()
        for start in stride(from: 0, to: withoutRows.count, by: options.batchSize) {
            try writer.transaction {
                for id in withoutRows[start..<min(start + options.batchSize, withoutRows.count)] {
                    try writer.replaceCalendar(of: id, with: [])
                }
            }
        }
    }

    private mutating func skipCalendarRow(line: Int, reason: String) {
        summary.calendarRowsSkipped += 1
        report(ImportIssue(file: .calendar, line: line, reason: reason))
    }

    private mutating func flush(_ calendar: PendingCalendar) throws {
        try writer.replaceCalendar(of: calendar.id, with: calendar.entries)
        summary.calendarEntriesWritten += calendar.entries.count
    }

    /// Parses a row into a full entry (every field set as the row says, date shifted).
    private func parseCalendarRow(_ fields: [String], columns: CalendarColumns,
                                  done: Set<ListingID>) throws(CalendarRejection) -> (ListingID, CalendarEntry) {
        guard fields.count == columns.count else {
            throw CalendarRejection(reason: "expected \(columns.count) fields, found \(fields.count)")
        }
        guard let raw = FieldParsers.id(fields[columns.listingID]) else {
            throw CalendarRejection(reason: "invalid listing id '\(fields[columns.listingID])'")
        }
        let id = ListingID(raw)
        guard let listing = defaults[id] else {
            throw CalendarRejection(reason: "unknown listing id \(id) (not in the listings file, or skipped there)")
        }
        guard !done.contains(id) else {
            throw CalendarRejection(reason: "rows of listing \(id) are not contiguous: the calendar must be grouped by listing")
        }
        guard let date = CalendarDate(fields[columns.date]) else {
            throw CalendarRejection(reason: "invalid date '\(fields[columns.date])'")
        }
        let status: DayStatus
        switch fields[columns.available] {
        case "t": status = .available
        case "f": status = .booked
        default: throw CalendarRejection(reason: "invalid available flag '\(fields[columns.available])'")
        }
        let priceText = fields[columns.price].isEmpty ? fields[columns.adjustedPrice] : fields[columns.price]
        // Every kept listing has a price by now (`resolveCalendarPrices`).
        var price = listing.basePrice ?? 0
        if !priceText.isEmpty {
            do {
                price = try MoneyParser.parse(priceText, minorUnitDigits: options.currency.minorUnitDigits)
            } catch {
                throw CalendarRejection(reason: "invalid price: \(error)")
            }
            guard price > 0 else { throw CalendarRejection(reason: "price must be positive, found '\(priceText)'") }
        }
        func nights(_ column: Int, _ name: String, default value: Int) throws(CalendarRejection) -> Int {
            let text = fields[column]
            if text.isEmpty { return value }
            guard let parsed = Int(text), parsed >= 1 else { throw CalendarRejection(reason: "invalid \(name) '\(text)'") }
            return parsed
        }
        let minNights = try nights(columns.minNights, "minimum_nights", default: listing.minNights)
        let maxNights = try nights(columns.maxNights, "maximum_nights", default: listing.maxNights)
        return (id, CalendarEntry(date: date.adding(days: shift), status: status, price: price,
                                  minNights: minNights, maxNights: maxNights))
    }

    /// The entry with only the fields that differ from the listing's defaults; nil when none do.
    private func differingEntry(_ full: CalendarEntry, of id: ListingID) -> CalendarEntry? {
        guard let listing = defaults[id] else { return nil }
        var entry = CalendarEntry(date: full.date, status: full.status)
        if full.price != listing.basePrice { entry.price = full.price }
        if full.minNights != listing.minNights { entry.minNights = full.minNights }
        if full.maxNights != listing.maxNights { entry.maxNights = full.maxNights }
        if entry.status == .available, entry.price == nil, entry.minNights == nil, entry.maxNights == nil { return nil }
        return entry
    }
}
