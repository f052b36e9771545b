/// `Accept-Encoding` (RFC 9110 §12.5.3), asked one question: may the response be gzip?
enum AcceptEncoding {
    /// Whether `values` (every `Accept-Encoding` field of the request) let us answer with gzip
    /// rather than identity. An absent field: no (a client that says nothing gets the identity,
    /// as nginx and Go do); an empty one: identity only. gzip's weight is that of `gzip` (or
    /// `x-gzip`), else of `*`, else 0; identity's that of `identity`, else of `*`, else 1.
    /// gzip wins when its weight is above 0 and not below identity's (so `gzip;q=0` refuses
    /// it, `*` grants it, `identity;q=0` with gzip acceptable chooses it). An element whose
    /// q-value is malformed is ignored.
    static func allowsGzip(_ values: [String]) -> Bool {
        var gzip: Int?       // weights in thousandths
        var identity: Int?
        var star: Int?
        for value in values {
            for element in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
                let parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
                let coding = trimmed(parts[0])
                if coding.isEmpty { continue }
                var weight = 1000
                var malformed = false
                for parameter in parts.dropFirst() {
                    let pair = trimmed(parameter)
                    guard pair.count >= 2, let name = pair.first, name | 0x20 == UInt8(ascii: "q"),
                          pair.dropFirst().first == UInt8(ascii: "=") else {
                        continue   // another parameter: not defined for codings, ignored
                    }
                    guard let q = qvalue(pair.dropFirst(2)) else { malformed = true; break }
                    weight = q
                }
                if malformed { continue }
                if equalsLowercase(coding, "gzip") || equalsLowercase(coding, "x-gzip") {
                    gzip = max(gzip ?? 0, weight)
                } else if equalsLowercase(coding, "identity") {
                    identity = max(identity ?? 0, weight)
                } else if coding.count == 1 && coding.first == UInt8(ascii: "*") {
                    star = max(star ?? 0, weight)
                }
            }
        }
        let gzipWeight = gzip ?? star ?? 0
        let identityWeight = identity ?? star ?? 1000
        return gzipWeight > 0 && gzipWeight >= identityWeight
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ text: Substring.UTF8View.SubSequence) -> Int? {
        let bytes = Array(text)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes[2...] {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var slice = bytes
        while let b = slice.first, b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { slice = slice.dropFirst() }
        while let b = slice.last, b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") { slice = slice.dropLast() }
        return slice
    }

    private static func equalsLowercase(_ bytes: Substring.UTF8View.SubSequence, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        var index = 0
        for b in bytes {
            let folded = (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) ? b | 0x20 : b
            if folded != lowercase.utf8Start[index] { return false }
            index += 1
        }
        return true
    }
}
