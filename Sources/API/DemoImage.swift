/// A generated placeholder picture for the demo catalog: an 800×600 SVG landscape (sky, sun,
/// hills and a house) whose colours and shapes come from a hash of `seed`. The same seed
/// always gives the same bytes; different seeds almost always look different. No text, so
/// nothing depends on the fonts a browser has.
enum DemoImage {
    static func svg(seed: String) -> String {
        var hash = StableHash()
        hash.add(seed)
        var bits = hash.value
        func next(_ range: ClosedRange<Int>) -> Int {
            bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((bits >> 33) % UInt64(range.count))
        }
        let skyHue = next(180...250), groundHue = next(70...150), roofHue = next(0...40)
        let sunX = next(120...680), sunY = next(80...200), sunR = next(36...70)
        let far = next(300...380), near = next(390...460)
        let houseX = next(180...520), houseW = next(140...220), houseH = next(90...140)
        let roofTop = near - houseH - next(50...90)
        let doorX = houseX + houseW / 2 - 18
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">\
        <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">\
        <stop offset="0" stop-color="hsl(\(skyHue),70%,62%)"/><stop offset="1" stop-color="hsl(\(skyHue + 20),60%,88%)"/>\
        </linearGradient></defs>\
        <rect width="800" height="600" fill="url(#s)"/>\
        <circle cx="\(sunX)" cy="\(sunY)" r="\(sunR)" fill="hsl(45,95%,70%)"/>\
        <path d="M0 \(far) Q200 \(far - 90) 400 \(far) T800 \(far - 20) V600 H0Z" fill="hsl(\(groundHue),35%,52%)"/>\
        <path d="M0 \(near) Q260 \(near - 70) 520 \(near) T800 \(near + 10) V600 H0Z" fill="hsl(\(groundHue),45%,38%)"/>\
        <rect x="\(houseX)" y="\(near - houseH)" width="\(houseW)" height="\(houseH + 20)" fill="hsl(30,30%,92%)"/>\
        <path d="M\(houseX - 20) \(near - houseH) L\(houseX + houseW / 2) \(roofTop) L\(houseX + houseW + 20) \(near - houseH)Z" \
        fill="hsl(\(roofHue),60%,42%)"/>\
        <rect x="\(doorX)" y="\(near - 40)" width="36" height="60" fill="hsl(\(roofHue),40%,30%)"/>\
        </svg>
        """
    }

}
