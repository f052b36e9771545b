/// The outcome of applying calendar changes to a listing's stored entries: pure, so the
/// store only writes `upserts` and `deletions`, and a second identical request finds
/// nothing to write.
///
/// Promises:
/// - changes apply in list order, so later changes win where they overlap; each sets only
///   the fields it names;
/// - `entries` are the rows of `affectedRange` after the edit, by date; a night equal to
///   the listing's defaults (available, no override, no flags) has no row, as elsewhere;
/// - `upserts` and `deletions` are exactly the rows that differ from `current`: applying
///   the same changes to the result yields no upserts and no deletions (`isEmpty`);
/// - a night a guest holds (`booked`) is never opened or closed here: `available` only
///   moves nights between `available` and `blocked`; `closedNights` lists every night the
///   changes leave asked closed, for `conflicts(closing:held:)`;
/// - a night an imported calendar holds (`importHeld`) stays `blocked` when asked open:
///   the host's `available: true` removes only the host's own block (`openedNights` lists
///   the nights asked open, so the store can record that), and the import's block holds
///   while its feed has the night.
public struct CalendarEdit: Hashable, Sendable {
    /// The first night to the day after the last night any change names.
    public var affectedRange: Range<CalendarDate>
    public var entries: [CalendarEntry]
    public var upserts: [CalendarEntry]
    public var deletions: [CalendarDate]
    /// Nights whose last change naming `available` says false, ascending.
    public var closedNights: [CalendarDate]
    /// Nights whose last change naming `available` says true, ascending.
    public var openedNights: [CalendarDate]
    /// Nights that were available and are now blocked by this edit, ascending.
    public var newlyClosed: [CalendarDate]
    /// Nights an import also closes whose host's own block the edit set or removed
    /// (`HostTransaction.setOwnBlocks`), ascending; filled in by `HostService` after writing.
    public var ownBlockChanges: [CalendarDate] = []

    /// No calendar row to write.
    public var isEmpty: Bool { upserts.isEmpty && deletions.isEmpty }

    /// The nights whose row or host's own block changed (`changedNights` of the answer).
    public var changedNights: Int { Set(upserts.map(\.date) + deletions + ownBlockChanges).count }

    /// The nights `changes` name, as a half-open range of days (nil for no changes).
    public static func affectedRange(of changes: [CalendarChange]) -> Range<CalendarDate>? {
        guard let first = changes.map(\.from).min(), let last = changes.map(\.to).max(), first <= last else { return nil }
        return first..<last.adding(days: 1)
    }

    /// Applies `changes` (validated: `CalendarChange.validate`) to `current`, the stored
    /// entries over at least `affectedRange(of: changes)` (others are ignored); nights in
    /// `importHeld` (an import's feed has them) are not opened.
    public init(applying changes: [CalendarChange], to current: [CalendarEntry], importHeld: Set<CalendarDate> = []) {
        let range = Self.affectedRange(of: changes) ?? CalendarDate(daysSinceEpoch: 0)..<CalendarDate(daysSinceEpoch: 0)
        var before: [CalendarDate: CalendarEntry] = [:]
        for entry in current where range.contains(entry.date) { before[entry.date] = entry }
        var after = before
        var askedAvailable: [CalendarDate: Bool] = [:]
        for change in changes where change.from <= change.to {
            var date = change.from
            while date <= change.to {
                var entry = after[date] ?? CalendarEntry(date: date)
                change.apply(to: &entry, keepingClosed: importHeld.contains(date))
                after[date] = entry
                if let available = change.available { askedAvailable[date] = available }
                date = date.adding(days: 1)
            }
        }
        var entries: [CalendarEntry] = [], upserts: [CalendarEntry] = [], deletions: [CalendarDate] = []
        var newlyClosed: [CalendarDate] = []
        for date in after.keys.sorted() {
            let old = before[date], new = after[date]!
            let kept = new.isDefault ? nil : new
            if let kept { entries.append(kept) }
            if kept != old {
                if let kept { upserts.append(kept) } else { deletions.append(date) }
            }
            if (old?.status ?? .available) == .available, new.status == .blocked { newlyClosed.append(date) }
        }
        self.affectedRange = range
        self.entries = entries
        self.upserts = upserts
        self.deletions = deletions
        self.closedNights = askedAvailable.filter { !$0.value }.keys.sorted()
        self.openedNights = askedAvailable.filter(\.value).keys.sorted()
        self.newlyClosed = newlyClosed
    }

    /// The nights the edit asks closed that a reservation or a pending request holds,
    /// ascending: non-empty means `HostError.nightsReserved` and nothing applied.
    public static func conflicts(closing: [CalendarDate], held: Set<CalendarDate>) -> [CalendarDate] {
        closing.filter(held.contains).sorted()
    }
}

extension CalendarChange {
    /// Sets the fields this change names on one night's entry; a `blocked` night stays so
    /// when `keepingClosed` (an import holds it).
    func apply(to entry: inout CalendarEntry, keepingClosed: Bool = false) {
        switch price {
        case .absent: break
        case .null: entry.price = nil
        case .set(let value): entry.price = value
        }
        switch minNights {
        case .absent: break
        case .null: entry.minNights = nil
        case .set(let value): entry.minNights = value
        }
        switch maxNights {
        case .absent: break
        case .null: entry.maxNights = nil
        case .set(let value): entry.maxNights = value
        }
        if let available, entry.status != .booked, !(available && keepingClosed && entry.status == .blocked) {
            entry.status = available ? .available : .blocked
        }
        if let closedToArrival { entry.closedToArrival = closedToArrival }
        if let closedToDeparture { entry.closedToDeparture = closedToDeparture }
    }
}

extension CalendarEntry {
    /// Available at the listing's own prices and limits, with no flags: a night stored as
    /// no row at all.
    public var isDefault: Bool {
        status == .available && price == nil && minNights == nil && maxNights == nil && !closedToArrival
            && !closedToDeparture
    }
}
