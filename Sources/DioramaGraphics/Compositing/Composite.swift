import DioramaModel
import Foundation

extension MutablePixelImage {
    /// Draws `source` (a client buffer) into this image (an output's framebuffer or
    /// screenshot) the way a compositor shows a surface: through the buffer transform,
    /// cropped to the source rectangle, scaled to ``BufferPlacement/destination`` with
    /// the placement's filter, then blended.
    ///
    /// Output pixel `(x, y)` takes the colour at the centre of its footprint: the
    /// point `(x + 0.5, y + 0.5)` relative to the destination's origin, scaled into
    /// the source rectangle, then mapped back through the transform (see
    /// ``BufferPlacement`` and the rule in `BufferTransformMapping`). Only pixels
    /// inside this image and `clip` (when given) are touched; clipping never shifts
    /// the content. An empty destination or source rectangle draws nothing.
    ///
    /// Cost: O(pixels written). The per-row start point is computed once and each
    /// pixel adds a step, with no allocation or dynamic dispatch per pixel: copying a
    /// 1280x800 buffer onto a 2560x1600 output is 4 096 000 samples and nothing more.
    package mutating func composite(
        _ source: some PixelImage, placement: BufferPlacement,
        blendMode: BlendMode = .sourceOver, clip: Rect? = nil
    ) {
        let destination = placement.destination
        guard !destination.isEmpty, source.width > 0, source.height > 0,
            var area = destination.intersection(bounds)
        else { return }
        if let clip {
            guard let clipped = area.intersection(clip) else { return }
            area = clipped
        }
        let transformed = BufferPlacement.transformedSize(of: source.size, by: placement.transform)
        let crop =
            placement.sourceRect
            ?? CGRect(x: 0, y: 0, width: Double(transformed.width), height: Double(transformed.height))
        let cropX = Double(crop.origin.x), cropY = Double(crop.origin.y)
        let cropWidth = Double(crop.size.width), cropHeight = Double(crop.size.height)
        // Finite far edges keep every sample coordinate finite (no NaN reaches the
        // integer conversions in the sampler).
        guard (cropX + cropWidth).isFinite, (cropY + cropHeight).isFinite,
            cropWidth > 0, cropHeight > 0
        else { return }

        let mapping = BufferTransformMapping(placement.transform, transformedSize: transformed)
        let cornerA = mapping.bufferPoint(x: cropX, y: cropY)
        let cornerB = mapping.bufferPoint(x: cropX + cropWidth, y: cropY + cropHeight)
        let bufferCrop = (
            minX: min(cornerA.x, cornerB.x), maxX: max(cornerA.x, cornerB.x),
            minY: min(cornerA.y, cornerB.y), maxY: max(cornerA.y, cornerB.y)
        )
        // Transformed-buffer units per output pixel.
        let stepX = cropWidth / Double(destination.width), stepY = cropHeight / Double(destination.height)
        // Moving one output pixel right moves this far in the buffer.
        let bufferStepX = mapping.xFromX * stepX, bufferStepY = mapping.yFromX * stepX
        let sourceWidth = source.width, sourceHeight = source.height, sourceStride = source.rowStride
        let format = source.format, filter = placement.filter
        let outputStride = rowStride
        let copies = blendMode == .copy

        // One buffer pixel on exactly one output pixel, untransformed, the crop
        // on whole pixels inside the buffer (a 2x buffer on a 2x display, the
        // common case): either filter then reads exactly the pixel under each
        // output pixel, so whole rows are copied or blended without sampling.
        // Same pixels as the general path below, a fraction of its cost (which
        // matters for 5K screenshots in debug builds).
        if placement.transform == .normal, cropWidth == Double(destination.width),
            cropHeight == Double(destination.height), cropX == cropX.rounded(), cropY == cropY.rounded(),
            cropX >= 0, cropY >= 0, cropX + cropWidth <= Double(sourceWidth), cropY + cropHeight <= Double(sourceHeight)
        {
            let mask = format.opaqueMask
            let columnShift = Int(cropX) - destination.minX, rowShift = Int(cropY) - destination.minY
            let count = area.maxX - area.minX
            source.withUnsafePixels { input in
                withUnsafeMutablePixels { output in
                    guard let inputBase = input.baseAddress, let outputBase = output.baseAddress else { return }
                    for y in area.minY..<area.maxY {
                        let from = inputBase + (y + rowShift) * sourceStride + area.minX + columnShift
                        let to = outputBase + y * outputStride + area.minX
                        if copies && mask == 0 {
                            to.update(from: from, count: count)
                            continue
                        }
                        var x = 0
                        while x < count {
                            let pixel = from[x] | mask
                            to[x] = copies ? pixel : PixelMath.sourceOver(pixel, to[x])
                            x += 1
                        }
                    }
                }
            }
            return
        }

        source.withUnsafePixels { input in
            let sampler = BufferSampler(
                pixels: input, width: sourceWidth, height: sourceHeight,
                rowStride: sourceStride, format: format, filter: filter, crop: bufferCrop)
            withUnsafeMutablePixels { output in
                for y in area.minY..<area.maxY {
                    let transformedY = cropY + (Double(y - destination.minY) + 0.5) * stepY
                    // The buffer point of this row at transformed x = cropX.
                    let rowStart = mapping.bufferPoint(x: cropX, y: transformedY)
                    var index = y * outputStride + area.minX
                    for x in area.minX..<area.maxX {
                        let offset = Double(x - destination.minX) + 0.5
                        let pixel = sampler.sample(
                            x: rowStart.x + bufferStepX * offset,
                            y: rowStart.y + bufferStepY * offset)
                        output[index] = copies ? pixel : PixelMath.sourceOver(pixel, output[index])
                        index += 1
                    }
                }
            }
        }
    }
}
