import DioramaModel
import Foundation

/// The display layout of one run as an SVG: each display as a labelled rectangle
/// at its logical position (dashed when it was plugged during the run, marked when
/// unplugged), and each window's path across them: a line through the centre of
/// its frame after every step that moved or resized it, a numbered dot per step,
/// and its last frame outlined.
///
/// Coordinates are the global logical space itself; the view box fits everything.
struct LayoutDrawing {
    struct DisplayShape {
        var display: DisplayObservation
        var pluggedAtStep: Int?
        var unpluggedAtStep: Int?
    }

    struct PathPoint {
        var step: Int
        var frame: Rect
        var text: String
    }

    var displays: [DisplayShape] = []
    /// Window name → where it was after each step that changed its frame.
    var paths: [(window: String, points: [PathPoint])] = []

    static let palette = ["#d9480f", "#1971c2", "#2f9e44", "#ae3ec9", "#f08c00", "#0c8599", "#e64980"]

    init(result: ScenarioResult) {
        var index: [String: Int] = [:]
        for display in result.initialDisplays {
            index[display.name] = displays.count
            displays.append(DisplayShape(display: display))
        }
        var connected = Set(result.initialDisplays.map(\.name))
        var pathIndex: [String: Int] = [:]
        for entry in result.entries {
            if let observed = entry.displays {
                let now = Set(observed.map(\.name))
                for display in observed where index[display.name] == nil {
                    index[display.name] = displays.count
                    displays.append(DisplayShape(display: display, pluggedAtStep: entry.index))
                }
                for name in connected.subtracting(now) {
                    if let position = index[name] { displays[position].unpluggedAtStep = entry.index }
                }
                connected = now
            }
            for snapshot in entry.windows {
                guard let frame = snapshot.frame else { continue }
                let position: Int
                if let existing = pathIndex[snapshot.window] {
                    position = existing
                } else {
                    position = paths.count
                    pathIndex[snapshot.window] = position
                    paths.append((snapshot.window, []))
                }
                if paths[position].points.last?.frame != frame {
                    paths[position].points.append(PathPoint(step: entry.index, frame: frame, text: entry.step.text))
                }
            }
        }
    }

    /// The smallest rectangle around every display and window frame.
    var extent: Rect {
        let rects = displays.map(\.display.logicalRect) + paths.flatMap { $0.points.map(\.frame) }
        guard let first = rects.first else { return Rect(x: 0, y: 0, width: 100, height: 100) }
        var minX = first.minX, minY = first.minY, maxX = first.maxX, maxY = first.maxY
        for rect in rects.dropFirst() {
            minX = min(minX, rect.minX); minY = min(minY, rect.minY)
            maxX = max(maxX, rect.maxX); maxY = max(maxY, rect.maxY)
        }
        return Rect(x: minX, y: minY, width: max(1, maxX - minX), height: max(1, maxY - minY))
    }

    func svg(id: String) -> String {
        let box = extent
        let margin = max(box.width, box.height) / 30
        let unit = Double(max(box.width, box.height)) / 400
        let font = unit * 9
        func n(_ value: Double) -> String { ExpectationEvaluator.number((value * 10).rounded() / 10) }
        var svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" class="layout-drawing" id="\#(id)" role="img" viewBox="\#(box.minX - margin) \#(box.minY - margin) \#(box.width + 2 * margin) \#(box.height + 2 * margin)" preserveAspectRatio="xMidYMid meet">"#
            + "\n"
        svg += "<title>Display layout and window paths</title>\n"
        for shape in displays {
            let rect = shape.display.logicalRect
            var classes = "display"
            var notes: [String] = []
            if let step = shape.pluggedAtStep { classes += " plugged"; notes.append("plugged at step \(step)") }
            if let step = shape.unpluggedAtStep { classes += " unplugged"; notes.append("unplugged at step \(step)") }
            let note = notes.joined(separator: ", ")
            let label =
                "\(shape.display.name) · \(ReportText.scaleLabel(shape.display.scale))"
                + (shape.display.transform == .normal ? "" : " · \(shape.display.transform.name)°")
            svg += #"<g class="\#(classes)" data-display="\#(XMLText.escape(shape.display.name))">"#
            svg +=
                #"<rect class="\#(classes)" data-display="\#(XMLText.escape(shape.display.name))" x="\#(rect.minX)" y="\#(rect.minY)" width="\#(rect.width)" height="\#(rect.height)" stroke-width="\#(n(unit * 2))"/>"#
            svg +=
                #"<text x="\#(n(Double(rect.minX) + unit * 8))" y="\#(n(Double(rect.minY) + font * 1.5))" font-size="\#(n(font * 1.3))">\#(XMLText.escape(label))</text>"#
            if !note.isEmpty {
                svg +=
                    #"<text class="note" x="\#(n(Double(rect.minX) + unit * 8))" y="\#(n(Double(rect.minY) + font * 3))" font-size="\#(n(font))">\#(XMLText.escape(note))</text>"#
            }
            svg += "</g>\n"
        }
        for (offset, path) in paths.enumerated() {
            let colour = Self.palette[offset % Self.palette.count]
            let window = XMLText.escape(path.window)
            let centres = path.points.map { (Double($0.frame.minX) + Double($0.frame.width) / 2, Double($0.frame.minY) + Double($0.frame.height) / 2) }
            svg += #"<g class="window-path" data-window="\#(window)" style="--window-colour: \#(colour)">"#
            if let last = path.points.last {
                let frame = last.frame
                svg +=
                    #"<rect class="window-frame" data-window="\#(window)" x="\#(frame.minX)" y="\#(frame.minY)" width="\#(frame.width)" height="\#(frame.height)" stroke="\#(colour)" stroke-width="\#(n(unit * 1.5))"/>"#
                svg +=
                    #"<text class="window-label" x="\#(n(Double(frame.minX) + unit * 4))" y="\#(n(Double(frame.maxY) - unit * 4))" font-size="\#(n(font * 1.2))" fill="\#(colour)">\#(window)</text>"#
            }
            if centres.count > 1 {
                let points = centres.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
                svg +=
                    #"<polyline class="path" data-window="\#(window)" points="\#(points)" stroke="\#(colour)" stroke-width="\#(n(unit * 2.5))" fill="none"/>"#
            }
            for (point, centre) in zip(path.points, centres) {
                svg +=
                    #"<circle class="stop" data-window="\#(window)" data-step="\#(point.step)" cx="\#(n(centre.0))" cy="\#(n(centre.1))" r="\#(n(unit * 7))" fill="\#(colour)"><title>step \#(point.step): \#(XMLText.escape(point.text))</title></circle>"#
                svg +=
                    #"<text class="stop-number" x="\#(n(centre.0))" y="\#(n(centre.1 + font * 0.35))" font-size="\#(n(font))" text-anchor="middle">\#(point.step)</text>"#
            }
            svg += "</g>\n"
        }
        svg += "</svg>"
        return svg
    }
}
