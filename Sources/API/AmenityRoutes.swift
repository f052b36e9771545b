import Domain
import HTTPServer
import JSON

/// `GET /amenities`: every amenity code a search can filter by (`amenities=`), with its
/// names. The list changes only with the binary.
struct AmenityRoutes {
    func register(in router: inout Router) {
        let bodies = (ko: Self.body(language: .ko), en: Self.body(language: .en))
        router.get("/amenities") { request in
            try QueryReader(request.query).finish()
            return .json(request.language == .en ? bodies.en : bodies.ko, cache: .locations, localized: true)
        }
    }

    /// `{"items": [{"code", "name" (in `language`), "labels": {"ko", "en"}}]}`, in the
    /// codes' declared order.
    static func body(language: Language) -> [UInt8] {
        var writer = JSONWriter(capacity: 4096)
        writer.object { w in
            w.key("items")
            w.array { a in
                for code in AmenityCode.allCases {
                    a.object {
                        $0.field("code", code.rawValue)
                        $0.field("name", language == .en ? code.englishName : code.koreanName)
                        $0.key("labels")
                        $0.object { labels in
                            labels.field("ko", code.koreanName)
                            labels.field("en", code.englishName)
                        }
                    }
                }
            }
        }
        return writer.bytes
    }
}
