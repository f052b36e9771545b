/// The scenes `DemoImage` draws, each the SVG inside an 800×600 picture, from the numbers of
/// a `Dice`. Flat shapes in a few colours: enough to tell a bedroom from a sea view at a
/// glance, small enough to make per request.
enum DemoScenes {
    static func hsl(_ hue: Int, _ saturation: Int, _ lightness: Int) -> String { "hsl(\(hue),\(saturation)%,\(lightness)%)" }

    /// A sky from `top` to `bottom` colour (a vertical gradient with the id `id`).
    static func sky(_ id: String, _ top: String, _ bottom: String, height: Int = 600) -> String {
        "<defs><linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"\(top)\"/>"
            + "<stop offset=\"1\" stop-color=\"\(bottom)\"/></linearGradient></defs>"
            + "<rect width=\"800\" height=\"\(height)\" fill=\"url(#\(id))\"/>"
    }

    /// The house in its landscape (the first kind of demo picture).
    static func house(_ dice: inout Dice) -> String {
        let skyHue = dice.next(180...250), groundHue = dice.next(70...150), roofHue = dice.next(0...40)
        let sunX = dice.next(120...680), sunY = dice.next(80...200), sunR = dice.next(36...70)
        let far = dice.next(300...380), near = dice.next(390...460)
        let houseX = dice.next(180...520), houseW = dice.next(140...220), houseH = dice.next(90...140)
        let roofTop = near - houseH - dice.next(50...90)
        let doorX = houseX + houseW / 2 - 18
        return sky("s", hsl(skyHue, 70, 62), hsl(skyHue + 20, 60, 88))
            + "<circle cx=\"\(sunX)\" cy=\"\(sunY)\" r=\"\(sunR)\" fill=\"\(hsl(45, 95, 70))\"/>"
            + "<path d=\"M0 \(far) Q200 \(far - 90) 400 \(far) T800 \(far - 20) V600 H0Z\" fill=\"\(hsl(groundHue, 35, 52))\"/>"
            + "<path d=\"M0 \(near) Q260 \(near - 70) 520 \(near) T800 \(near + 10) V600 H0Z\" fill=\"\(hsl(groundHue, 45, 38))\"/>"
            + "<rect x=\"\(houseX)\" y=\"\(near - houseH)\" width=\"\(houseW)\" height=\"\(houseH + 20)\" fill=\"\(hsl(30, 30, 92))\"/>"
            + "<path d=\"M\(houseX - 20) \(near - houseH) L\(houseX + houseW / 2) \(roofTop) L\(houseX + houseW + 20) \(near - houseH)Z\" "
            + "fill=\"\(hsl(roofHue, 60, 42))\"/>"
            + "<rect x=\"\(doorX)\" y=\"\(near - 40)\" width=\"36\" height=\"60\" fill=\"\(hsl(roofHue, 40, 30))\"/>"
    }

    /// A window frame over a view: the wall around it and its sill.
    static func window(_ dice: inout Dice, view: String) -> String {
        let wall = hsl(dice.next(20...60), dice.next(10...30), dice.next(80...92))
        let frame = hsl(dice.next(20...40), 25, dice.next(25...45))
        return view
            + "<path d=\"M0 0H800V600H0Z M70 60V470H730V60Z\" fill-rule=\"evenodd\" fill=\"\(wall)\"/>"
            + "<rect x=\"70\" y=\"60\" width=\"660\" height=\"410\" fill=\"none\" stroke=\"\(frame)\" stroke-width=\"16\"/>"
            + "<rect x=\"392\" y=\"60\" width=\"16\" height=\"410\" fill=\"\(frame)\"/>"
            + "<rect x=\"40\" y=\"470\" width=\"720\" height=\"24\" fill=\"\(frame)\"/>"
    }

    /// The sea from a window: sky, horizon, waves and the sun low over the water.
    static func seaView(_ dice: inout Dice) -> String {
        let skyHue = dice.next(190...230), seaHue = dice.next(190...215)
        let horizon = dice.next(250...330), sunX = dice.next(160...640)
        var waves = ""
        for row in 0..<4 {
            let y = horizon + 40 + row * 35
            waves += "<path d=\"M70 \(y) Q150 \(y - 10) 230 \(y) T390 \(y) T550 \(y) T730 \(y)\" fill=\"none\" stroke=\"\(hsl(seaHue, 50, 80))\" stroke-width=\"4\"/>"
        }
        let view = sky("v", hsl(skyHue, 65, 70), hsl(skyHue - 10, 60, 90), height: horizon)
            + "<circle cx=\"\(sunX)\" cy=\"\(horizon - 40)\" r=\"44\" fill=\"\(hsl(40, 95, 72))\"/>"
            + "<rect y=\"\(horizon)\" width=\"800\" height=\"\(600 - horizon)\" fill=\"\(hsl(seaHue, 60, 45))\"/>" + waves
        return window(&dice, view: view)
    }

    /// A city skyline from a window, some windows lit.
    static func cityView(_ dice: inout Dice) -> String {
        let skyHue = dice.next(200...260), dusk = dice.next(0...1) == 1
        var towers = ""
        var x = 60
        while x < 740 {
            let width = dice.next(50...110), height = dice.next(140...360)
            let shade = dice.next(25...45)
            towers += "<rect x=\"\(x)\" y=\"\(470 - height)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(hsl(skyHue, 15, dusk ? shade - 10 : shade + 20))\"/>"
            var y = 470 - height + 16
            while y < 450 {
                if dice.next(0...2) == 0 {
                    towers += "<rect x=\"\(x + 10)\" y=\"\(y)\" width=\"\(width - 20)\" height=\"8\" fill=\"\(hsl(48, 90, dusk ? 70 : 85))\"/>"
                }
                y += 22
            }
            x += width + dice.next(4...20)
        }
        let view = sky("v", dusk ? hsl(skyHue, 45, 30) : hsl(skyHue, 70, 65), dusk ? hsl(20, 80, 70) : hsl(skyHue, 60, 90)) + towers
        return window(&dice, view: view)
    }

    /// Mountain ridges fading into the distance, from a window.
    static func mountainView(_ dice: inout Dice) -> String {
        let hue = dice.next(90...160), skyHue = dice.next(190...220)
        var ridges = ""
        for layer in 0..<3 {
            let base = 260 + layer * 70
            let peaks = (0...4).map { index in "L\(index * 200) \(base - dice.next(40...140))" }.joined(separator: " ")
            ridges += "<path d=\"M0 600 \(peaks) L800 \(base) V600Z\" fill=\"\(hsl(hue, 25 + layer * 10, 62 - layer * 14))\"/>"
        }
        return window(&dice, view: sky("v", hsl(skyHue, 60, 72), hsl(skyHue, 50, 92)) + ridges)
    }

    /// The floor and back wall of a room.
    static func room(_ dice: inout Dice) -> String {
        let wall = hsl(dice.next(20...220), dice.next(10...35), dice.next(80...92))
        let floor = hsl(dice.next(20...40), dice.next(25...45), dice.next(45...65))
        return "<rect width=\"800\" height=\"600\" fill=\"\(wall)\"/><path d=\"M0 430H800V600H0Z\" fill=\"\(floor)\"/>"
            + "<rect x=\"0\" y=\"424\" width=\"800\" height=\"8\" fill=\"\(hsl(30, 20, 95))\"/>"
    }

    /// A small window on a room's wall with a patch of sky.
    static func wallWindow(_ dice: inout Dice, x: Int) -> String {
        let skyHue = dice.next(190...230)
        return "<rect x=\"\(x)\" y=\"90\" width=\"180\" height=\"170\" fill=\"\(hsl(skyHue, 60, 78))\" stroke=\"\(hsl(30, 20, 96))\" stroke-width=\"12\"/>"
            + "<rect x=\"\(x + 84)\" y=\"90\" width=\"12\" height=\"170\" fill=\"\(hsl(30, 20, 96))\"/>"
    }

    static func bedroom(_ dice: inout Dice) -> String {
        let cover = hsl(dice.next(0...359), dice.next(30...60), dice.next(55...75))
        let wood = hsl(dice.next(20...35), 35, dice.next(30...45))
        let bedX = dice.next(160...300)
        return room(&dice) + wallWindow(&dice, x: bedX > 230 ? 40 : 560)
            + "<rect x=\"\(bedX)\" y=\"250\" width=\"340\" height=\"120\" rx=\"12\" fill=\"\(wood)\"/>"
            + "<rect x=\"\(bedX - 10)\" y=\"340\" width=\"360\" height=\"120\" rx=\"10\" fill=\"\(cover)\"/>"
            + "<rect x=\"\(bedX + 20)\" y=\"305\" width=\"130\" height=\"45\" rx=\"18\" fill=\"\(hsl(40, 30, 97))\"/>"
            + "<rect x=\"\(bedX + 190)\" y=\"305\" width=\"130\" height=\"45\" rx=\"18\" fill=\"\(hsl(40, 30, 97))\"/>"
            + "<rect x=\"\(bedX - 10)\" y=\"455\" width=\"360\" height=\"20\" fill=\"\(wood)\"/>"
    }

    static func livingRoom(_ dice: inout Dice) -> String {
        let sofa = hsl(dice.next(0...359), dice.next(20...50), dice.next(40...60))
        let sofaX = dice.next(120...300)
        let rug = hsl(dice.next(0...359), 35, 70)
        return room(&dice) + wallWindow(&dice, x: sofaX > 220 ? 40 : 580)
            + "<ellipse cx=\"\(sofaX + 170)\" cy=\"530\" rx=\"260\" ry=\"40\" fill=\"\(rug)\"/>"
            + "<rect x=\"\(sofaX)\" y=\"300\" width=\"340\" height=\"90\" rx=\"20\" fill=\"\(sofa)\"/>"
            + "<rect x=\"\(sofaX - 20)\" y=\"350\" width=\"380\" height=\"90\" rx=\"20\" fill=\"\(sofa)\"/>"
            + "<rect x=\"\(sofaX)\" y=\"440\" width=\"14\" height=\"24\" fill=\"\(hsl(30, 30, 25))\"/>"
            + "<rect x=\"\(sofaX + 326)\" y=\"440\" width=\"14\" height=\"24\" fill=\"\(hsl(30, 30, 25))\"/>"
            + "<rect x=\"\(sofaX + 400)\" y=\"200\" width=\"8\" height=\"240\" fill=\"\(hsl(40, 10, 30))\"/>"
            + "<path d=\"M\(sofaX + 370) 200 L\(sofaX + 438) 200 L\(sofaX + 420) 150 L\(sofaX + 388) 150Z\" fill=\"\(hsl(45, 70, 80))\"/>"
    }

    static func kitchen(_ dice: inout Dice) -> String {
        let cabinet = hsl(dice.next(0...359), dice.next(10...35), dice.next(55...80))
        let counter = hsl(dice.next(0...40), 10, dice.next(25...40))
        var doors = ""
        for index in 0..<5 {
            doors += "<rect x=\"\(60 + index * 140)\" y=\"330\" width=\"128\" height=\"150\" fill=\"\(cabinet)\" stroke=\"\(counter)\" stroke-width=\"3\"/>"
            doors += "<rect x=\"\(60 + index * 140)\" y=\"80\" width=\"128\" height=\"120\" fill=\"\(cabinet)\" stroke=\"\(counter)\" stroke-width=\"3\"/>"
        }
        return room(&dice) + doors
            + "<rect x=\"40\" y=\"310\" width=\"720\" height=\"24\" fill=\"\(counter)\"/>"
            + "<rect x=\"\(dice.next(120...520))\" y=\"260\" width=\"70\" height=\"50\" rx=\"8\" fill=\"\(hsl(0, 0, 85))\"/>"
            + "<circle cx=\"\(dice.next(120...680))\" cy=\"290\" r=\"20\" fill=\"\(hsl(dice.next(0...359), 60, 55))\"/>"
    }

    static func bathroom(_ dice: inout Dice) -> String {
        let tile = hsl(dice.next(160...220), dice.next(10...40), dice.next(78...90))
        var grid = ""
        for x in stride(from: 0, through: 800, by: 50) {
            grid += "<rect x=\"\(x)\" y=\"0\" width=\"2\" height=\"430\" fill=\"\(hsl(0, 0, 97))\"/>"
        }
        for y in stride(from: 0, through: 430, by: 50) {
            grid += "<rect x=\"0\" y=\"\(y)\" width=\"800\" height=\"2\" fill=\"\(hsl(0, 0, 97))\"/>"
        }
        let tubX = dice.next(60...360)
        return "<rect width=\"800\" height=\"600\" fill=\"\(tile)\"/>" + grid
            + "<path d=\"M0 430H800V600H0Z\" fill=\"\(hsl(dice.next(0...40), 10, 60))\"/>"
            + "<rect x=\"\(tubX)\" y=\"320\" width=\"360\" height=\"140\" rx=\"40\" fill=\"\(hsl(0, 0, 98))\" stroke=\"\(hsl(0, 0, 80))\" stroke-width=\"4\"/>"
            + "<rect x=\"\(tubX + 300)\" y=\"250\" width=\"12\" height=\"70\" fill=\"\(hsl(0, 0, 70))\"/>"
            + "<ellipse cx=\"\(tubX + 490)\" cy=\"170\" rx=\"60\" ry=\"80\" fill=\"\(hsl(200, 20, 88))\" stroke=\"\(hsl(0, 0, 70))\" stroke-width=\"6\"/>"
    }
}
