import DioramaModel
import Testing

@testable import DioramaSimulator

/// `Positioner.placement(parentOrigin:constraintArea:)` on its own: each
/// xdg_positioner constraint adjustment and their order (flip, slide,
/// resize, per axis). The constraint area is a 1000x800 display at the
/// origin; results are relative to the parent, as xdg_popup.configure sends them.
@Suite struct PositionerConstraintTests {
    static let area = Rect(x: 0, y: 0, width: 1000, height: 800)

    static func positioner(
        size: Size, anchorRect: Rect, anchor: Positioner.Anchor, gravity: Positioner.Gravity,
        offset: Point = .zero, adjustment: Positioner.ConstraintAdjustment
    ) -> Positioner {
        var positioner = Positioner()
        positioner.size = size
        positioner.anchorRect = anchorRect
        positioner.anchor = anchor
        positioner.gravity = gravity
        positioner.offset = offset
        positioner.constraintAdjustment = adjustment
        return positioner
    }

    static let everyAdjustment: Positioner.ConstraintAdjustment = [.flipX, .flipY, .slideX, .slideY, .resizeX, .resizeY]

    /// A submenu beside a menu item 80 points wide, opening to the right and down.
    static func submenu(adjustment: Positioner.ConstraintAdjustment, offset: Point = .zero) -> Positioner {
        positioner(
            size: Size(width: 150, height: 100), anchorRect: Rect(x: 0, y: 40, width: 80, height: 20),
            anchor: .topRight, gravity: .bottomRight, offset: offset, adjustment: adjustment)
    }

    @Test func aPopupThatFitsIsLeftWhereItsPositionerPutsIt() {
        let popup = Self.positioner(
            size: Size(width: 200, height: 100), anchorRect: Rect(x: 10, y: 20, width: 50, height: 30),
            anchor: .bottomLeft, gravity: .bottomRight, offset: Point(x: 5, y: 0), adjustment: Self.everyAdjustment)
        let placed = popup.placement(parentOrigin: Point(x: 100, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: 15, y: 50, width: 200, height: 100))
        #expect(placed == popup.placement)
    }

    @Test func withoutAdjustmentsAnOverflowingPopupStaysPut() {
        let popup = Self.submenu(adjustment: .none)
        // At x 850 the submenu spans 930–1080, past the right edge.
        let placed = popup.placement(parentOrigin: Point(x: 850, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: 80, y: 40, width: 150, height: 100))
    }

    @Test func withoutAConstraintAreaThePlacementIsUnadjusted() {
        let popup = Self.submenu(adjustment: Self.everyAdjustment)
        #expect(popup.placement(parentOrigin: Point(x: 850, y: 100), constraintArea: nil) == popup.placement)
    }

    @Test func flipXOpensASubmenuOnTheLeftWhenTheRightOverflows() {
        // The offset is kept as given, not mirrored (the spec: "given the
        // original anchor rectangle and offset").
        let popup = Self.submenu(adjustment: .flipX, offset: Point(x: 5, y: 0))
        let placed = popup.placement(parentOrigin: Point(x: 850, y: 100), constraintArea: Self.area)
        // Anchor top-left (0, 40), gravity bottom-left: x = 0 - 150 + 5.
        #expect(placed == Rect(x: -145, y: 40, width: 150, height: 100))
    }

    @Test func flipYOpensAMenuUpwardsWhenTheBottomOverflows() {
        let popup = Self.positioner(
            size: Size(width: 200, height: 300), anchorRect: Rect(x: 0, y: 0, width: 100, height: 30),
            anchor: .bottomLeft, gravity: .bottomRight, adjustment: [.flipY])
        // At y 600 the menu would span 630–930; flipped it ends at the
        // anchor rect's top, 600, spanning 300–600.
        let placed = popup.placement(parentOrigin: Point(x: 100, y: 600), constraintArea: Self.area)
        #expect(placed == Rect(x: 0, y: -300, width: 200, height: 300))
    }

    /// A popup anchored to a wide item: flipped to the left it would stick
    /// out there instead, so the flip is dropped.
    static func wideAnchor(adjustment: Positioner.ConstraintAdjustment) -> Positioner {
        positioner(
            size: Size(width: 300, height: 100), anchorRect: Rect(x: 0, y: 0, width: 800, height: 20),
            anchor: .topRight, gravity: .bottomRight, adjustment: adjustment)
    }

    @Test func aFlipThatStillOverflowsIsNotApplied() {
        // Unflipped: 900–1200; flipped: -200–100. Both overflow.
        let placed = Self.wideAnchor(adjustment: .flipX).placement(parentOrigin: Point(x: 100, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: 800, y: 0, width: 300, height: 100))
    }

    @Test func aFlipThatStillOverflowsFallsToSlide() {
        let placed = Self.wideAnchor(adjustment: [.flipX, .slideX]).placement(
            parentOrigin: Point(x: 100, y: 100), constraintArea: Self.area)
        // Slid left by the 200 it stuck out: 700–1000.
        #expect(placed == Rect(x: 600, y: 0, width: 300, height: 100))
    }

    @Test func slideXStopsAtTheLeftEdge() {
        let popup = Self.positioner(
            size: Size(width: 100, height: 50), anchorRect: Rect(x: 10, y: 0, width: 20, height: 20),
            anchor: .bottomLeft, gravity: .bottomLeft, adjustment: .slideX)
        // From -70–30 to 0–100: the parent is at 20, so x = -20.
        let placed = popup.placement(parentOrigin: Point(x: 20, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: -20, y: 20, width: 100, height: 50))
    }

    @Test func slideYStopsAtTheBottomEdge() {
        let popup = Self.positioner(
            size: Size(width: 200, height: 150), anchorRect: Rect(x: 0, y: 0, width: 100, height: 30),
            anchor: .bottomLeft, gravity: .bottomRight, adjustment: .slideY)
        // From 730–880 to 650–800: the parent is at 700, so y = -50.
        let placed = popup.placement(parentOrigin: Point(x: 100, y: 700), constraintArea: Self.area)
        #expect(placed == Rect(x: 0, y: -50, width: 200, height: 150))
    }

    @Test func aPopupWiderThanTheAreaSlidesToKeepTheEdgeItGrowsFromInView() {
        // Gravity right, spanning -50–1150: its left edge goes to 0.
        let growingRight = Self.positioner(
            size: Size(width: 1200, height: 50), anchorRect: Rect(x: -50, y: 0, width: 10, height: 10),
            anchor: .topLeft, gravity: .bottomRight, adjustment: .slideX)
        #expect(
            growingRight.placement(parentOrigin: .zero, constraintArea: Self.area)
                == Rect(x: 0, y: 0, width: 1200, height: 50))
        // Gravity left, spanning -100–1100: its right edge goes to 1000.
        let growingLeft = Self.positioner(
            size: Size(width: 1200, height: 50), anchorRect: Rect(x: 1100, y: 0, width: 10, height: 10),
            anchor: .topLeft, gravity: .bottomLeft, adjustment: .slideX)
        #expect(
            growingLeft.placement(parentOrigin: .zero, constraintArea: Self.area)
                == Rect(x: -200, y: 0, width: 1200, height: 50))
    }

    @Test func anAxisWithCentredGravitySlidesToo() {
        // Gravity bottom: centred horizontally on the anchor point, as GTK's
        // popovers are. At parent x 950 it spans 900–1100: slid 100 to the left.
        let popup = Self.positioner(
            size: Size(width: 200, height: 50), anchorRect: Rect(x: 0, y: 0, width: 100, height: 20),
            anchor: .bottom, gravity: .bottom, adjustment: [.slideX, .resizeX])
        #expect(popup.placement.minX == -50)
        let placed = popup.placement(parentOrigin: Point(x: 950, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: -150, y: 20, width: 200, height: 50), "slid at full width, not resized")
        // Wider than the area, centred: its left edge goes to the area's.
        let wide = Self.positioner(
            size: Size(width: 1200, height: 50), anchorRect: Rect(x: 0, y: 0, width: 100, height: 20),
            anchor: .bottom, gravity: .bottom, adjustment: .slideX)
        #expect(wide.placement(parentOrigin: Point(x: 500, y: 100), constraintArea: Self.area).minX == -500)
    }

    @Test func resizeXCutsOffWhatIsPastTheRightEdge() {
        let popup = Self.submenu(adjustment: .resizeX)
        // 930–1080 becomes 930–1000.
        let placed = popup.placement(parentOrigin: Point(x: 850, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: 80, y: 40, width: 70, height: 100))
    }

    @Test func resizeYCutsOffWhatIsAboveTheTopEdge() {
        let popup = Self.positioner(
            size: Size(width: 100, height: 200), anchorRect: Rect(x: 0, y: 0, width: 100, height: 20),
            anchor: .topLeft, gravity: .topRight, adjustment: .resizeY)
        // -150–50 becomes 0–50: y is -50 from the parent at 50.
        let placed = popup.placement(parentOrigin: Point(x: 100, y: 50), constraintArea: Self.area)
        #expect(placed == Rect(x: 0, y: -50, width: 100, height: 50))
    }

    @Test func aResizeThatWouldLeaveNothingIsNotApplied() {
        let popup = Self.submenu(adjustment: .resizeX)
        // The parent is past the right edge: 2080–2230 has nothing inside.
        let placed = popup.placement(parentOrigin: Point(x: 2000, y: 100), constraintArea: Self.area)
        #expect(placed == popup.placement)
    }

    @Test func aPopupTallerThanTheAreaSlidesThenIsResized() {
        let popup = Self.positioner(
            size: Size(width: 100, height: 1000), anchorRect: Rect(x: 0, y: 0, width: 100, height: 0),
            anchor: .topLeft, gravity: .bottomRight, adjustment: [.slideY, .resizeY])
        // 100–1100: slid up to 0–1000, then cut to 0–800.
        let placed = popup.placement(parentOrigin: Point(x: 100, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: 0, y: -100, width: 100, height: 800))
    }

    @Test func eachAxisIsAdjustedByItsOwnBits() {
        // A submenu near the bottom-right corner: flipped on x, slid on y.
        let popup = Self.submenu(adjustment: [.flipX, .slideY])
        // Unadjusted: 930–1080 by 740–840.
        let placed = popup.placement(parentOrigin: Point(x: 850, y: 700), constraintArea: Self.area)
        #expect(placed == Rect(x: -150, y: 0, width: 150, height: 100))
    }

    @Test func aFailedFlipWithoutSlideFallsToResize() {
        let placed = Self.wideAnchor(adjustment: [.flipX, .resizeX]).placement(
            parentOrigin: Point(x: 100, y: 100), constraintArea: Self.area)
        // 900–1200 cut to 900–1000.
        #expect(placed == Rect(x: 800, y: 0, width: 100, height: 100))
    }

    @Test func aSlideThatBringsThePopupInsideLeavesResizeUnused() {
        let placed = Self.wideAnchor(adjustment: [.slideX, .resizeX]).placement(
            parentOrigin: Point(x: 100, y: 100), constraintArea: Self.area)
        #expect(placed == Rect(x: 600, y: 0, width: 300, height: 100))
    }

    @Test func theAreaIsTakenInGlobalCoordinates() {
        // The same submenu on a second display at x 1920: it fits there
        // untouched, and flips against that display's right edge.
        let second = Rect(x: 1920, y: 0, width: 1000, height: 800)
        let popup = Self.submenu(adjustment: .flipX)
        #expect(popup.placement(parentOrigin: Point(x: 2000, y: 100), constraintArea: second) == popup.placement)
        #expect(
            popup.placement(parentOrigin: Point(x: 2770, y: 100), constraintArea: second)
                == Rect(x: -150, y: 40, width: 150, height: 100))
    }
}
