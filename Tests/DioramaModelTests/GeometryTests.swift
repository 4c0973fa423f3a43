import DioramaModel
import Foundation
import Testing

@Suite("Size, Point, Rect")
struct GeometryTests {
    @Test("sizes convert to and from CGSize")
    func cgConversion() {
        let size = Size(width: 1180, height: 820)
        #expect(size.cgSize == CGSize(width: 1180, height: 820))
        #expect(Size(rounding: CGSize(width: 10.5, height: 10.49)) == Size(width: 11, height: 10))
        #expect(Size(rounding: CGSize(width: -2.5, height: 0)) == Size(width: -3, height: 0))
        #expect(Rect(x: 1, y: 2, width: 3, height: 4).cgRect == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(Point(x: 5, y: -6).cgPoint == CGPoint(x: 5, y: -6))
    }

    @Test("empty, aspect ratio, transposed")
    func sizeProperties() {
        #expect(Size.zero.isEmpty)
        #expect(Size(width: 10, height: 0).isEmpty)
        #expect(!Size(width: 1, height: 1).isEmpty)
        #expect(Size(width: 200, height: 100).aspectRatio == 2)
        #expect(Size(width: 200, height: 0).aspectRatio == nil)
        #expect(Size(width: 3, height: 4).transposed == Size(width: 4, height: 3))
        #expect(Size(width: 1180, height: 820).description == "1180x820")
    }

    @Test("rect edges, containment with exclusive far edges, intersection")
    func rect() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.maxX == 110 && rect.maxY == 70)
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(!rect.contains(Point(x: 110, y: 20)))
        #expect(!rect.contains(Point(x: 10, y: 70)))
        #expect(rect.intersection(Rect(x: 100, y: 60, width: 50, height: 50)) == Rect(x: 100, y: 60, width: 10, height: 10))
        #expect(rect.intersection(Rect(x: 110, y: 20, width: 5, height: 5)) == nil)
    }

    @Test("points and rects convert to and from CGPoint and CGRect, rounding halves away from zero")
    func pointAndRectConversions() {
        #expect(Point(rounding: CGPoint(x: 10.5, y: -2.5)) == Point(x: 11, y: -3))
        #expect(Point(x: 3, y: -4).cgPoint == CGPoint(x: 3, y: -4))
        let rect = Rect(rounding: CGRect(x: 0.4, y: 1.5, width: 99.5, height: 20.49))
        #expect(rect == Rect(x: 0, y: 2, width: 100, height: 20))
        #expect(rect.cgRect == CGRect(x: 0, y: 2, width: 100, height: 20))
    }
}
