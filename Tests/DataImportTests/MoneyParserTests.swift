import Domain
import Testing
@testable import DataImport

@Suite struct MoneyParserTests {
    @Test(arguments: [
        ("$1,366.00", 2, Int64(136_600)),
        ("$150", 2, 15_000),
        ("150", 2, 15_000),
        ("1366.5", 2, 136_650),
        ("\"$8,316.00\"", 2, -1),  // quotes are the CSV reader's job
        ("₩82,953", 0, 82_953),
        ("$82,953.00", 0, 82_953),
        ("S$12.30", 2, 1_230),
        ("0", 2, 0),
        (" $1,000,000.00 ", 2, 100_000_000),
        ("1.234", 3, 1_234),
        ("$100,000,000,000.00", 2, Money.maximumAmount),  // the largest the catalog takes
    ])
    func parsesExactMinorUnits(text: String, digits: Int, expected: Int64) throws {
        if expected < 0 {
            #expect(throws: MoneyParser.Failure.self) { try MoneyParser.parse(text, minorUnitDigits: digits) }
        } else {
            #expect(try MoneyParser.parse(text, minorUnitDigits: digits) == expected)
        }
    }

    @Test func rejectsWithTheRightReason() throws {
        #expect(throws: MoneyParser.Failure.empty) { try MoneyParser.parse("  ", minorUnitDigits: 2) }
        #expect(throws: MoneyParser.Failure.negative) { try MoneyParser.parse("-5", minorUnitDigits: 2) }
        #expect(throws: MoneyParser.Failure.negative) { try MoneyParser.parse("$-5.00", minorUnitDigits: 2) }
        #expect(throws: MoneyParser.Failure.tooPrecise("₩82,953.5")) { try MoneyParser.parse("₩82,953.5", minorUnitDigits: 0) }
        #expect(throws: MoneyParser.Failure.tooPrecise("1.005")) { try MoneyParser.parse("1.005", minorUnitDigits: 2) }
        #expect(throws: MoneyParser.Failure.tooLarge("$92,233,720,368,547,758.08")) {
            try MoneyParser.parse("$92,233,720,368,547,758.08", minorUnitDigits: 2)
        }
        // A price that fits Int64 but would overflow a stay's total is refused at the door.
        #expect(throws: MoneyParser.Failure.tooLarge("$4,000,000,000,000,000.00")) {
            try MoneyParser.parse("$4,000,000,000,000,000.00", minorUnitDigits: 2)
        }
        #expect(try MoneyParser.parse("₩10,000,000,000,000", minorUnitDigits: 0) == Money.maximumAmount)
        #expect(throws: MoneyParser.Failure.tooLarge("₩10,000,000,000,001")) {
            try MoneyParser.parse("₩10,000,000,000,001", minorUnitDigits: 0)
        }
        for garbage in ["abc", "$", "1,23", "12,3456", ",123", "1.", "1.2.3", "12abc", "1 000", "$1,366.00x", "+5", "NaN"] {
            #expect(throws: MoneyParser.Failure.self, "\(garbage)") { try MoneyParser.parse(garbage, minorUnitDigits: 2) }
        }
    }

    @Test func trailingZerosBeyondTheCurrencyDigitsAreAccepted() throws {
        #expect(try MoneyParser.parse("1.2500", minorUnitDigits: 2) == 125)
    }
}
