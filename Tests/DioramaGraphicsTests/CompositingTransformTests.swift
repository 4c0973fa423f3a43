import DioramaGraphics
import DioramaModel
import Foundation
import Testing

/// The buffer every transform test starts from, as the client drew it:
///
///     a b c
///     d e f
private let a: UInt32 = 0xFF00_000A, b: UInt32 = 0xFF00_000B, c: UInt32 = 0xFF00_000C
private let d: UInt32 = 0xFF00_000D, e: UInt32 = 0xFF00_000E, f: UInt32 = 0xFF00_000F

@Suite("Compositing through the eight buffer transforms")
struct CompositingTransformTests {
    private let buffer = image([
        [a, b, c],
        [d, e, f],
    ])

    /// What the surface shows for each `wl_surface.set_buffer_transform`, worked out
    /// by hand from wayland.xml: the buffer holds the picture mirrored (flipped_*)
    /// and then turned counter-clockwise, so showing it turns the buffer clockwise by
    /// the same amount and then mirrors it.
    private static let shown: [(OutputTransform, [[UInt32]])] = [
        (
            .normal,
            [
                [a, b, c],
                [d, e, f],
            ]
        ),
        // Turned 90° clockwise: the left column, read bottom to top, becomes the top row.
        (
            .rotated90,
            [
                [d, a],
                [e, b],
                [f, c],
            ]
        ),
        (
            .rotated180,
            [
                [f, e, d],
                [c, b, a],
            ]
        ),
        // Turned 270° clockwise (90° counter-clockwise): the right column becomes the top row.
        (
            .rotated270,
            [
                [c, f],
                [b, e],
                [a, d],
            ]
        ),
        (
            .flipped,
            [
                [c, b, a],
                [f, e, d],
            ]
        ),
        // The 90° picture mirrored left-right: a transpose.
        (
            .flipped90,
            [
                [a, d],
                [b, e],
                [c, f],
            ]
        ),
        (
            .flipped180,
            [
                [d, e, f],
                [a, b, c],
            ]
        ),
        (
            .flipped270,
            [
                [f, c],
                [e, b],
                [d, a],
            ]
        ),
    ]

    @Test("one pixel per pixel, each transform shows the hand-derived picture", arguments: [SamplingFilter.nearest, .bilinear])
    func everyTransform(filter: SamplingFilter) {
        for (transform, expected) in Self.shown {
            let size = BufferPlacement.transformedSize(of: buffer.size, by: transform)
            #expect(size == Size(width: expected[0].count, height: expected.count))
            var output = PixelBuffer(width: size.width, height: size.height)
            output.composite(buffer, placement: BufferPlacement(destination: output.bounds, transform: transform, filter: filter))
            #expect(rows(of: output) == expected, "transform \(transform)")
        }
    }

    @Test("scaled 2x, each transform shows every pixel as a 2x2 block of the same picture")
    func everyTransformScaled() {
        for (transform, expected) in Self.shown {
            let width = expected[0].count, height = expected.count
            var output = PixelBuffer(width: width * 2, height: height * 2)
            output.composite(
                buffer,
                placement: BufferPlacement(
                    destination: output.bounds, transform: transform,
                    filter: .nearest))
            let doubled = expected.flatMap { row in
                let wide = row.flatMap { [$0, $0] }
                return [wide, wide]
            }
            #expect(rows(of: output) == doubled, "transform \(transform)")
        }
    }

    @Test("the source rectangle is in transformed-buffer coordinates")
    func cropAfterTransform() {
        // With transform 90 the surface is d a / e b / f c; its middle row is "e b".
        var output = PixelBuffer(width: 2, height: 1)
        output.composite(
            buffer,
            placement: BufferPlacement(
                destination: output.bounds, transform: .rotated90,
                sourceRect: CGRect(x: 0, y: 1, width: 2, height: 1),
                filter: .nearest))
        #expect(rows(of: output) == [[e, b]])
        // With flipped-270 (f c / e b / d a), the right column bottom two: "b", "a".
        var column = PixelBuffer(width: 1, height: 2)
        column.composite(
            buffer,
            placement: BufferPlacement(
                destination: column.bounds, transform: .flipped270,
                sourceRect: CGRect(x: 1, y: 1, width: 1, height: 2),
                filter: .bilinear))
        #expect(rows(of: column) == [[b], [a]])
    }
}
