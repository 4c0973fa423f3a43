import DioramaModel
import Testing

@Suite("Size restrictions")
struct SizeRestrictionsTests {
    @Test("validation: negatives and min above a non-zero max are errors; zero means no limit")
    func validation() throws {
        #expect(throws: SizeRestrictions.ValidationError.negativeDimension(Size(width: -1, height: 0))) {
            try SizeRestrictions(minimumSize: Size(width: -1, height: 0))
        }
        #expect(throws: SizeRestrictions.ValidationError.negativeDimension(Size(width: 0, height: -5))) {
            try SizeRestrictions(maximumSize: Size(width: 0, height: -5))
        }
        #expect(throws: SizeRestrictions.ValidationError.self) {
            try SizeRestrictions(minimumSize: Size(width: 800, height: 100), maximumSize: Size(width: 700, height: 0))
        }
        // A maximum of 0 is "no maximum", so any minimum is fine against it.
        let unbounded = try SizeRestrictions(minimumSize: Size(width: 800, height: 600), maximumSize: .zero)
        #expect(unbounded.maximumSize == .zero)
        #expect(
            try SizeRestrictions(minimumSize: Size(width: 500, height: 500), maximumSize: Size(width: 500, height: 500))
                .minimumSize == Size(width: 500, height: 500))
        #expect(SizeRestrictions.none.toplevelHints == (Size.zero, Size.zero))
    }

    @Test("xdg_toplevel hints are the restrictions themselves")
    func hints() throws {
        let restrictions = try SizeRestrictions(
            minimumSize: Size(width: 400, height: 300),
            maximumSize: Size(width: 0, height: 1000))
        #expect(restrictions.toplevelHints.minimum == Size(width: 400, height: 300))
        #expect(restrictions.toplevelHints.maximum == Size(width: 0, height: 1000))
    }

    @Test("a floating window is clamped into [minimum, maximum]")
    func floating() throws {
        let restrictions = try SizeRestrictions(
            minimumSize: Size(width: 400, height: 300),
            maximumSize: Size(width: 1200, height: 0))
        let small = restrictions.commitSize(configured: Size(width: 200, height: 100), isConstrained: false)
        #expect(small.size == Size(width: 400, height: 300))
        #expect(!small.isBelowMinimum)
        let large = restrictions.commitSize(configured: Size(width: 2000, height: 2000), isConstrained: false)
        #expect(large.size == Size(width: 1200, height: 2000))
        let inside = restrictions.commitSize(configured: Size(width: 640, height: 480), isConstrained: false)
        #expect(inside.size == Size(width: 640, height: 480))
    }

    @Test("a maximised, tiled or fullscreen window renders what it was given and reports below-minimum")
    func constrained() throws {
        let restrictions = try SizeRestrictions(minimumSize: Size(width: 400, height: 300))
        let below = restrictions.commitSize(configured: Size(width: 360, height: 700), isConstrained: true)
        #expect(below.size == Size(width: 360, height: 700))
        #expect(below.isBelowMinimum)
        let fine = restrictions.commitSize(configured: Size(width: 1000, height: 700), isConstrained: true)
        #expect(!fine.isBelowMinimum)
    }

    @Test("after a rotation, calling again with the new bounds re-evaluates")
    func rotation() throws {
        let restrictions = try SizeRestrictions(minimumSize: Size(width: 900, height: 300))
        let landscape = Size(width: 1180, height: 820)
        #expect(!restrictions.commitSize(configured: landscape, isConstrained: true).isBelowMinimum)
        #expect(restrictions.commitSize(configured: landscape.transposed, isConstrained: true).isBelowMinimum)
        #expect(!restrictions.commitSize(configured: landscape, isConstrained: true).isBelowMinimum)
    }
}
