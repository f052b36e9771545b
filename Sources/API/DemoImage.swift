/// A generated placeholder picture for the demo catalog: an 800×600 SVG scene whose kind,
/// colours and shapes come from a hash of `seed`. A listing's first photo is outside (the
/// house in its landscape, or the view from it: sea, city or mountains); its others are
/// rooms (bedroom, living room, kitchen, bathroom; photos 2 to 5 are the four, in an order
/// of the listing's own), so listings and their photos differ the way real ones do. The same seed always gives the same bytes; different seeds almost always
/// look different. No text, so nothing depends on the fonts a browser has.
enum DemoImage {
    /// Which scenes a picture may show.
    enum Setting: Sendable {
        /// A house in its landscape, or a view (a listing's cover, a place's picture).
        case outside
        /// A room (a listing's further photos): 0 bedroom, 1 living room, 2 kitchen,
        /// 3 bathroom (taken modulo 4).
        case inside(room: Int)
    }

    /// The scenes' names, written on the picture's root element (`data-scene`).
    static let outsideScenes = ["sea", "city", "mountains", "house"]
    static let rooms = ["bedroom", "living-room", "kitchen", "bathroom"]

    static func svg(seed: String, setting: Setting = .outside) -> String {
        var dice = Dice(seed: seed)
        let body: String, scene: String
        switch setting {
        case .outside:
            let kind = dice.next(0...3)
            scene = outsideScenes[kind]
            switch kind {
            case 0: body = DemoScenes.seaView(&dice)
            case 1: body = DemoScenes.cityView(&dice)
            case 2: body = DemoScenes.mountainView(&dice)
            default: body = DemoScenes.house(&dice)
            }
        case .inside(let room):
            let kind = ((room % 4) + 4) % 4
            scene = rooms[kind]
            switch kind {
            case 0: body = DemoScenes.bedroom(&dice)
            case 1: body = DemoScenes.livingRoom(&dice)
            case 2: body = DemoScenes.kitchen(&dice)
            default: body = DemoScenes.bathroom(&dice)
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 800 600\" width=\"800\" height=\"600\" data-scene=\"\(scene)\">"
            + body + "</svg>"
    }
}

/// The pseudo-random numbers of one picture: a linear congruential generator seeded by the
/// stable hash of its seed, so a path's picture never changes.
struct Dice {
    private var bits: UInt64

    init(seed: String) {
        var hash = StableHash()
        hash.add(seed)
        bits = hash.value
    }

    mutating func next(_ range: ClosedRange<Int>) -> Int {
        bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + Int((bits >> 33) % UInt64(range.count))
    }
}
