import Domain

/// The reviews pass of an import (`--reviews reviews.csv`): Inside Airbnb's review texts of the
/// imported listings, as published reviews with no rating (`ReviewSource.imported`; the
/// ratings come from the listings file's `review_scores_*`, and `number_of_reviews` already
/// counts these reviews).
///
/// - `comments` is HTML: line breaks (`<br/>`) become newlines, other tags go
///   (`FieldParsers.plainText(fromHTML:)`); the text is cut at `Review.maximumTextLength`.
/// - `reviewer_name`'s first word is the guest's first name; `date` is the stay's month and
///   the review's `createdAt` (midnight UTC), which orders the listing's reviews.
/// - A listing's earlier imported texts are replaced the first time the file names it, so a
///   re-import does not list them twice; reviews written in Stays are never touched.
/// - Rows of listings the import did not save are skipped; a malformed row is reported.
extension ImportRun {
    static let reviewColumns = ["listing_id", "date", "reviewer_name", "comments"]

    mutating func importReviews(_ path: String) throws {
        progress(.phaseStarted(name: "importing reviews \(Self.fileName(path))", total: Self.fileSize(path), unit: .bytes))
        let reader = try CSVReader(path: path)
        let header = try ImportError.readHeader(reader, path: path)
        let missing = Self.reviewColumns.filter { !header.contains($0) }
        guard missing.isEmpty else { throw ImportError.unrecognizedHeader(path: path, missing: missing) }
        let listingColumn = header.index(of: "listing_id")!, dateColumn = header.index(of: "date")!
        let nameColumn = header.index(of: "reviewer_name")!, textColumn = header.index(of: "comments")!
        var pending: [NewReview] = []
        var started = Set<ListingID>()
        var rows = 0
        while let result = try reader.next() {
            rows += 1
            if rows % 4096 == 0 { progress(.advanced(completed: reader.bytesConsumed)) }
            guard case .success(let record) = result else {
                if case .failure(let error) = result {
                    report(ImportIssue(file: .reviews, line: error.line, reason: Self.reason(error), fileName: Self.fileName(path)))
                }
                continue
            }
            let fields = record.fields
            guard fields.count == header.count, let raw = FieldParsers.id(fields[listingColumn]),
                  let date = CalendarDate(fields[dateColumn]) else {
                report(ImportIssue(file: .reviews, line: record.line, reason: "invalid listing_id or date",
                                   fileName: Self.fileName(path)))
                continue
            }
            let id = ListingID(raw)
            guard defaults[id]?.basePrice != nil else { continue }
            if let last = pending.last, last.listingID != id { try flushReviews(&pending, started: &started) }
            let text = String(FieldParsers.plainText(fromHTML: fields[textColumn]).prefix(Review.maximumTextLength))
            let instant = Instant(millisecondsSinceEpoch: Int64(date.daysSinceEpoch) * 86_400_000)
            pending.append(NewReview(
                listingID: id, reservationID: nil, author: .guest, source: .imported, rating: nil, categories: nil,
                text: text, language: ReviewLanguage.detect(text),
                guestName: fields[nameColumn].split(separator: " ").first.map(String.init) ?? "",
                stayMonth: YearMonth(date), createdAt: instant, publishOn: date, publishedAt: instant))
        }
        try flushReviews(&pending, started: &started)
        progress(.advanced(completed: reader.bytesConsumed))
    }

    /// Writes one listing's run of reviews in one transaction.
    private mutating func flushReviews(_ pending: inout [NewReview], started: inout Set<ListingID>) throws {
        guard let id = pending.first?.listingID else { return }
        let replacing = started.insert(id).inserted
        try writer.saveImportedReviews(pending, of: id, replacing: replacing)
        summary.reviewsImported += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}
