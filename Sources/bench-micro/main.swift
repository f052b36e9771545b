import DataImport
import Dispatch
import Domain
import Foundation
import HTTP1
import HTTPServer
import JSON

// Micro-benchmarks of the per-request CPU work that does not touch SQLite: request parsing,
// query decoding, JSON encoding of a /listings page, response serialization, a price
// histogram, a listing's calendar grid. Run in release:
//   swift build -c release --product bench-micro && .build/release/bench-micro [seconds-per-case]
// Prints one line per case: operations per second and nanoseconds per operation.

let secondsPerCase = CommandLine.arguments.count > 1 ? (Double(CommandLine.arguments[1]) ?? 1) : 1

/// Runs `body` (which performs `unitsPerCall` operations) repeatedly for about
/// `secondsPerCase` and prints the rate.
func measure(_ name: String, unitsPerCall: Int = 1, _ body: () -> Int) {
    var sink = 0
    for _ in 0..<3 { sink &+= body() }   // warm up
    let clock = ContinuousClock()
    let start = clock.now
    var calls = 0
    while true {
        for _ in 0..<4 { sink &+= body() }
        calls += 4
        if clock.now - start > .milliseconds(Int(secondsPerCase * 1000)) { break }
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let units = Double(calls * unitsPerCall)
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: " %12.0f ops/s %10.0f ns/op   (check %d)", units / seconds,
                 seconds / units * 1e9, sink & 0xff))
}

// MARK: HTTP request parsing

let requestTargets = [
    "/listings?locationId=3&checkin=2027-01-14&checkout=2027-01-17&adults=2&children=1&sort=recommended",
    "/locations?query=%EA%B0%95%EB%82%A8",
    "/calendar?listingId=104233&months=12",
    "/price-histogram?bbox=37.49,126.95,37.56,127.06&adults=2&bins=40",
    "/quote?listingId=104233&checkin=2027-03-02&checkout=2027-03-06&adults=2",
    "/health",
]
func requestBytes(_ target: String) -> [UInt8] {
    Array(("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUser-Agent: StaysApp/1.4 (iPhone; iOS 18.1)\r\n"
        + "Accept: application/json\r\nAccept-Language: ko-KR,ko;q=0.9,en;q=0.8\r\n"
        + "Accept-Encoding: gzip, deflate\r\nConnection: keep-alive\r\n\r\n").utf8)
}
let pipelineCount = 1000
var pipelined: [UInt8] = []
for i in 0..<pipelineCount { pipelined += requestBytes(requestTargets[i % requestTargets.count]) }
print("request buffer: \(pipelineCount) pipelined requests, \(pipelined.count / pipelineCount) bytes each on average")

measure("RequestParser: pipelined requests", unitsPerCall: pipelineCount) {
    var parser = RequestParser()
    pipelined.withUnsafeBytes { parser.append($0) }
    var parsed = 0
    while let event = try? parser.next() {
        if case .request(let request) = event { parsed += request.headers.count > 0 ? 1 : 0 }
    }
    precondition(parsed == pipelineCount, "parsed \(parsed) of \(pipelineCount)")
    return parsed
}

// The same requests arriving one 4 KiB read at a time, as the server feeds them.
measure("RequestParser: pipelined, 4 KiB reads", unitsPerCall: pipelineCount) {
    var parser = RequestParser()
    var parsed = 0
    var offset = 0
    while offset < pipelined.count {
        let end = min(offset + 4096, pipelined.count)
        pipelined[offset..<end].withUnsafeBytes { parser.append($0) }
        offset = end
        while let event = try? parser.next() {
            if case .request = event { parsed += 1 }
        }
    }
    precondition(parsed == pipelineCount)
    return parsed
}

let listingsQuery = "locationId=3&checkin=2027-01-14&checkout=2027-01-17&adults=2&children=1&minPrice=50000&maxPrice=250000&roomType=entire_home,private_room&sort=price_asc"
measure("QueryParameters: /listings query") {
    (try? QueryParameters(parsing: listingsQuery))?["sort"]?.utf8.count ?? 0
}

// MARK: JSON: a 20-item /listings page

/// The fields of one /listings item (Listing+JSON.swift `listingSummaryFields`).
struct Item: Codable {
    struct LatLng: Codable { var lat: Double; var lng: Double }
    var id: String, title: String, roomType: String, locationName: String
    var coordinate: LatLng
    var photoUrl: String?
    var rating: Double?
    var reviewCount: Int
    var isSuperhost: Bool
    var maxGuests: Int
    var bedrooms: Int?, beds: Int?
    var bathrooms: Double?
    var nightlyPrice: Int64
    var totalPrice: Int64?
    var currency: String
}
struct Page: Codable {
    struct Box: Codable { var southWest: Item.LatLng; var northEast: Item.LatLng }
    var items: [Item]
    var total: Int
    var nextCursor: String?
    var bounds: Box?
    var currency: String
}
func makeItem(_ i: Int) -> Item {
    let id = 100_000 + i * 37
    let lat: Double = 37.4979 + Double(i) * 0.0013
    let lng: Double = 127.0276 - Double(i) * 0.0007
    let rating: Double? = i % 5 == 0 ? nil : 4.0 + Double(i % 10) / 10
    let bathrooms: Double = i % 2 == 0 ? 1 : 1.5
    let nightly: Int64 = 85_000 + Int64(i) * 3_500
    let total: Int64 = 320_000 + Int64(i) * 11_000
    return Item(id: String(id), title: "강남역 도보 \(i)분 · 깔끔한 원룸 Cozy studio near Gangnam station",
                roomType: i % 3 == 0 ? "private_room" : "entire_home", locationName: "강남구",
                coordinate: Item.LatLng(lat: lat, lng: lng),
                photoUrl: "https://images.stays.example/listings/\(id)/1.jpg",
                rating: rating, reviewCount: 12 * i + 3, isSuperhost: i % 4 == 0,
                maxGuests: 2 + i % 4, bedrooms: 1 + i % 3, beds: 1 + i % 4, bathrooms: bathrooms,
                nightlyPrice: nightly, totalPrice: total, currency: "KRW")
}
let page = Page(
    items: (0..<20).map(makeItem),
    total: 1873, nextCursor: "cmVjb21tZW5kZWQ6OTIuNTo4NDIx",
    bounds: Page.Box(southWest: Item.LatLng(lat: 37.41, lng: 126.76), northEast: Item.LatLng(lat: 37.70, lng: 127.18)),
    currency: "KRW")

extension JSONWriter {
    mutating func latLng(_ c: Item.LatLng) { object { $0.field("lat", c.lat); $0.field("lng", c.lng) } }
}
func encodeWithWriter(_ page: Page) -> [UInt8] {
    var writer = JSONWriter(capacity: 1024 + page.items.count * 700)
    writer.object { w in
        w.key("items")
        w.array { a in
            for item in page.items {
                a.object {
                    $0.field("id", item.id)
                    $0.field("title", item.title)
                    $0.field("roomType", item.roomType)
                    $0.field("locationName", item.locationName)
                    $0.key("coordinate"); $0.latLng(item.coordinate)
                    $0.field("photoUrl", item.photoUrl)
                    $0.field("rating", item.rating)
                    $0.field("reviewCount", item.reviewCount)
                    $0.field("isSuperhost", item.isSuperhost)
                    $0.field("maxGuests", item.maxGuests)
                    $0.field("bedrooms", item.bedrooms)
                    $0.field("beds", item.beds)
                    $0.field("bathrooms", item.bathrooms)
                    $0.field("nightlyPrice", item.nightlyPrice)
                    $0.field("totalPrice", item.totalPrice)
                    $0.field("currency", item.currency)
                }
            }
        }
        w.field("total", page.total)
        w.field("nextCursor", page.nextCursor)
        w.key("bounds")
        if let bounds = page.bounds {
            w.object { $0.key("southWest"); $0.latLng(bounds.southWest); $0.key("northEast"); $0.latLng(bounds.northEast) }
        } else {
            w.null()
        }
        w.field("currency", page.currency)
    }
    return writer.bytes
}
let writerBytes = encodeWithWriter(page)
print("listings page: \(writerBytes.count) bytes of JSON")
measure("JSONWriter: 20-item /listings page") { encodeWithWriter(page).count }
let encoder = JSONEncoder()
measure("Foundation JSONEncoder: same page") { (try? encoder.encode(page))?.count ?? 0 }

// MARK: response serialization

let responseDate = "Mon, 23 Nov 2026 09:00:00 GMT"
measure("ResponseSerializer: /listings page response") {
    var response = HTTPResponse(status: .ok, body: writerBytes)
    response.headers.append(name: "Content-Type", value: "application/json")
    response.headers.append(name: "Cache-Control", value: "no-cache")
    response.headers.append(name: "Vary", value: "Accept-Language")
    response.headers.append(name: "ETag", value: "\"5d41402abc4b2a76\"")
    var buffer: [UInt8] = []
    ResponseSerializer.write(response, to: &buffer, date: responseDate, keepAlive: true, isHeadRequest: false)
    return buffer.count
}

// MARK: price histogram

/// Nightly prices the way an area has them: whole thousands of won, clustered around a few
/// popular levels with a long tail (so ties are common), in no order.
func areaPrices(_ count: Int) -> [Int64] {
    var random = SplitMix64(seed: 1)
    let levels: [Int64] = [50_000, 75_000, 90_000, 120_000, 180_000]
    return (0..<count).map { _ in
        let tail = random.chance(0.01) ? Int64(random.int(in: 0...899)) * 1_000 : 0
        return random.pick(levels) + Int64(random.int(in: 0...59)) * 1_000 + tail
    }
}
for count in [2_000, 10_000, 35_000] {
    let prices = areaPrices(count)
    measure("PriceHistogram: \(count) prices, 30 bins") {
        PriceHistogram(prices: prices, binCount: 30).bins.count
    }
}

// MARK: calendar grid

/// A listing's 12-month grid as `/calendar` builds it (before JSON): days, weekdays,
/// holidays, and each day's booking state from a calendar with booked runs, blocked days,
/// price overrides and min-nights overrides.
let gridListing = Listing(
    id: ListingID(104_233), locationID: LocationID(3), title: "강남역 도보 5분 · 깔끔한 원룸", description: "",
    roomType: .entireHome, coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276), timeZone: "Asia/Seoul",
    currency: CurrencyCode(rawValue: "KRW"), photoURLs: [], amenities: [],
    host: Host(name: "민지", isSuperhost: true, since: nil), maxGuests: 4, bedrooms: 1, beds: 2, bathrooms: 1,
    rating: 4.9, reviewCount: 120,
    pricing: PricingRules(basePrice: 85_000, weekendPrice: 110_000, extraGuestFee: 15_000, guestsIncluded: 2),
    minNights: 2, maxNights: 30)
let gridToday = CalendarDate(year: 2027, month: 1, day: 14)!
let gridEntries: [CalendarEntry] = {
    var random = SplitMix64(seed: 7)
    var entries: [CalendarEntry] = []
    var day = gridToday.adding(days: -1)
    let end = gridToday.adding(days: 760)
    while day < end {
        if random.chance(0.3) {
            let nights = random.int(in: 1...6)
            for offset in 0..<nights { entries.append(CalendarEntry(date: day.adding(days: offset), status: .booked)) }
            day = day.adding(days: nights)
        } else {
            if random.chance(0.2) {
                entries.append(CalendarEntry(date: day, price: 95_000 + Int64(random.int(in: 0...40)) * 1_000,
                                             minNights: random.chance(0.3) ? 3 : nil))
            }
            day = day.adding(days: 1)
        }
    }
    return entries
}()
let gridInput = ListingCalendarInput(listing: gridListing, entries: gridEntries, guests: GuestCount(adults: 3))
measure("CalendarGrid: 12 months of a listing") {
    CalendarGrid.months(start: YearMonth(gridToday), count: 12, firstWeekday: .sunday, today: gridToday,
                        language: .ko, listing: gridInput).count
}

// MARK: metrics

// A router shaped like the API's (24 patterns), every route requested, with a process's
// metrics: what one scrape of GET /metrics costs, and what recording costs a request.
let metricPatterns = ["/health", "/health/live", "/health/ready", "/version", "/locations", "/locations/{id}",
                      "/listings", "/listings/{id}", "/listings/{id}/calendar", "/calendar", "/quote",
                      "/price-histogram", "/guests", "/guests/me", "/reservations", "/reservations/{id}",
                      "/reservations/{id}/cancel", "/trips", "/wishlist", "/wishlist/{id}", "/a/{x}/b", "/c/{x}/d",
                      "/e/{x}", "/f/{x}"]
func metricsRouter(_ metrics: Metrics?) -> RouterResponder {
    var router = Router()
    for pattern in metricPatterns {
        router.get(pattern) { _ in HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: Array(#"{"status":"ok"}"#.utf8)) }
    }
    if let metrics { router.get("/metrics") { _ in metrics.response() } }
    return router.responder(errorLog: { _ in }, metrics: metrics)
}
func getRequest(_ target: String) -> HTTPRequest {
    var parser = RequestParser()
    requestBytes(target).withUnsafeBytes { parser.append($0) }
    guard case .request(let request)? = try? parser.next() else { fatalError("bad request \(target)") }
    return request
}
let scrapeMetrics = Metrics()
let meteredRouter = metricsRouter(scrapeMetrics)
for (index, pattern) in metricPatterns.enumerated() {
    let path = pattern.replacingOccurrences(of: "{id}", with: "42").replacingOccurrences(of: "{x}", with: "7")
    for _ in 0..<(index + 1) * 10 { _ = meteredRouter.respond(to: getRequest(path)) }
}
print("metrics text: \(scrapeMetrics.render().count) bytes")
/// CPU time of the calling thread per call of `body` (the machine may be shared: wall time
/// would count other processes' turns).
func measureCPU(_ name: String, calls: Int = 2_000, _ body: () -> Int) {
    var sink = 0
    for _ in 0..<50 { sink &+= body() }
    func threadCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
    }
    let start = threadCPU()
    for _ in 0..<calls { sink &+= body() }
    let perCall = (threadCPU() - start) / Double(calls)
    print(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: " %10.0f ns CPU/op   (check %d)", perCall, sink & 0xff))
}
measureCPU("Metrics: render (24 routes, process)") { scrapeMetrics.render().count }
let metricsRequest = getRequest("/metrics")
measureCPU("Metrics: GET /metrics via the router (ETag)") { meteredRouter.respond(to: metricsRequest).body.count }
let healthRequest = getRequest("/health")
let plainRouter = metricsRouter(nil)
measureCPU("Router: GET /health, no metrics", calls: 200_000) { plainRouter.respond(to: healthRequest).body.count }
measureCPU("Router: GET /health, metrics recorded", calls: 200_000) {
    meteredRouter.respond(to: healthRequest, clientAddress: "", receivedAt: DispatchTime.now().uptimeNanoseconds).body.count
}

// MARK: autocomplete

/// The demo geography as locations (cities, districts, neighbourhoods with their parents and
/// full names, and the landmarks with their aliases), repeated `copies` times with fresh ids:
/// what `/locations?query=` searches.
struct BenchLocations: LocationRepository {
    let locations: [Location]
    init(copies: Int) {
        var all: [Location] = []
        func add(_ parent: LocationID?, _ kind: LocationKind, _ name: String, _ english: String, _ full: String,
                 _ fullEnglish: String, _ lat: Double, _ lng: Double, _ weight: Double) -> LocationID {
            let id = LocationID(Int64(all.count + 1))
            all.append(Location(id: id, parentID: parent, kind: kind, name: name, nameEnglish: english, fullName: full,
                                fullNameEnglish: fullEnglish, coordinate: Coordinate(latitude: lat, longitude: lng),
                                imageURL: nil, listingCount: Int(weight * 100)))
            return id
        }
        for _ in 0..<copies {
            for city in DemoGeography.cities {
                let c = add(nil, .city, city.name, city.nameEnglish, city.fullName, city.fullNameEnglish,
                            city.latitude, city.longitude, city.weight)
                for district in city.districts {
                    let d = add(c, .district, district.name, district.nameEnglish, "\(city.fullName) \(district.name)",
                                "\(district.nameEnglish), \(city.fullNameEnglish)", district.latitude, district.longitude,
                                district.weight)
                    for child in district.children {
                        _ = add(d, .neighbourhood, child.name, child.nameEnglish,
                                "\(city.fullName) \(district.name) \(child.name)",
                                "\(child.nameEnglish), \(district.nameEnglish), \(city.fullNameEnglish)",
                                child.latitude, child.longitude, child.weight)
                    }
                }
            }
            for landmark in DemoLandmarks.all {
                let draft = DemoGenerator.draft(landmark)
                all.append(Location(id: LocationID(Int64(all.count + 1)), parentID: nil, kind: .landmark,
                                    name: draft.name, nameEnglish: draft.nameEnglish, fullName: draft.fullName,
                                    fullNameEnglish: draft.fullNameEnglish, coordinate: draft.coordinate, imageURL: nil,
                                    listingCount: 100, aliases: draft.aliases, searchRadiusKm: draft.searchRadiusKm))
            }
        }
        locations = all
    }
    func allLocations() throws -> [Location] { locations }
    func location(_ id: LocationID) throws -> Location? { nil }
    func listingBounds(in id: LocationID) throws -> BoundingBox? { nil }
}
let autocompleteQueries = ["ㅅ", "서", "성", "강남ㄱ", "주", "ㅈㅈ", "서울 강남", "haeundae", "부산광역시", "zzzz"]
for copies in [1, 10] {
    let repository = BenchLocations(copies: copies)
    let service = LocationService(repository: repository, cacheLifetime: .seconds(3600))
    measureCPU("Autocomplete: \(repository.locations.count) locations, \(autocompleteQueries.count) queries",
               calls: 2_000 / copies) {
        var found = 0
        for query in autocompleteQueries { found &+= (try? service.autocomplete(query: query, limit: 10).count) ?? 0 }
        return found
    }
}

// MARK: gzip (response bodies, as the router compresses them)

if let directory = ProcessInfo.processInfo.environment["BENCH_GZIP_BODIES"] {
    // A directory of saved response bodies (Benchmarks/gzip.sh notes how they are fetched).
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    } catch {
        print("BENCH_GZIP_BODIES: \(error)")
        exit(1)
    }
    for name in names {
        guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
            print("BENCH_GZIP_BODIES: cannot read \(name)")
            exit(1)
        }
        let body = Array(data)
        for level: Int32 in [1, 6] {
            var size = 0
            measure("gzip level \(level): \(name) (\(body.count) B)") {
                size = (try? Gzip.compress(body, level: level))?.count ?? 0
                return size
            }
            print("    -> \(size) B, \(String(format: "%.1f", Double(body.count) / Double(max(size, 1))))x")
        }
    }
}
