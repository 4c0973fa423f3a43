import DioramaControlProtocol
import DioramaModel

/// How the simulator makes each ``ExplorationVariation`` true: a value of
/// the profile (read where the event is sent) or a change to the layout.
extension ExplorationVariation {
    /// `profile` and `layout` with `variations` applied, in the order
    /// ``ExplorationVariation/allCases`` lists them (so a set gives one
    /// result whatever order it was named in). The profile is named
    /// `base+variation+…`, which reports and traces show.
    package static func applying(
        _ variations: [Self], to profile: CompositorProfile, layout: DisplayLayout
    ) -> (profile: CompositorProfile, layout: DisplayLayout) {
        let ordered = allCases.filter(variations.contains)
        var profile = profile
        var layout = layout
        for variation in ordered {
            variation.apply(to: &profile)
            variation.apply(to: &layout)
        }
        profile.name = profileName(base: profile.name, ordered)
        return (profile, layout)
    }

    /// The part of the variation that lives in the profile.
    func apply(to profile: inout CompositorProfile) {
        switch self {
        case .physicalSizeZero: profile.outputFactVariation.physicalSizeMM = .zero
        case .physicalSizeMinusOne: profile.outputFactVariation.physicalSizeMM = Size(width: -1, height: -1)
        case .physicalSizeHuge:
            let side = InputRanges.physicalMillimetres.upperBound
            profile.outputFactVariation.physicalSizeMM = Size(width: side, height: side)
        case .blankMakeModel: profile.outputFactVariation.blanksMakeAndModel = true
        case .outputVersion3: profile.outputVersion = min(profile.outputVersion, 3)
        case .modeCurrentOnly: profile.outputFactVariation.modeIsCurrentOnly = true
        case .preferredScaleBeforeEnter: profile.preferredScaleBeforeEnter = true
        case .xdgOutputDone: profile.xdgOutputManagerVersion = min(profile.xdgOutputManagerVersion, 2)
        case .enterBeforeOutputDone: profile.enterBeforeOutputDone = true
        case .leaveAfterGlobalRemove: profile.leaveAfterGlobalRemove = true
        case .configureBeforeScale: profile.configureBeforeScale = true
        case .configureZeroSize: profile.configuresFloatingSizeAsZero = true
        case .boundsBelowMinimum: profile.boundsBelowMinimum = true
        case .splitDispatch: profile.splitsDisplayChangeDispatch = true
        case .scale125, .scale175, .scale225, .scale3, .negativePositions, .displayGaps: break
        }
    }

    /// The part of the variation that lives in the layout. Displays are
    /// re-packed left to right where their logical sizes change, so the
    /// layout stays valid (no overlaps).
    func apply(to layout: inout DisplayLayout) {
        switch self {
        case .scale125, .scale175, .scale225, .scale3:
            guard let scale = fractionalScale,
                let index = layout.displays.firstIndex(where: { !$0.scale.isInteger })
            else { return }
            layout.displays[index].scale = scale
            layout.packLeftToRight(gap: 0)
        case .displayGaps:
            layout.packLeftToRight(gap: Self.gapPoints)
        case .negativePositions:
            let right = layout.displays.map(\.logicalRect.maxX).max() ?? 0
            let bottom = layout.displays.map(\.logicalRect.maxY).max() ?? 0
            for index in layout.displays.indices {
                layout.displays[index].position.x -= right
                layout.displays[index].position.y -= bottom
            }
        default: break
        }
    }

    /// The space `display-gaps` leaves between neighbouring displays.
    static let gapPoints = 300
}

extension DisplayLayout {
    /// Puts the displays side by side in the order of their x positions,
    /// `gap` points apart, from where the leftmost one starts; y positions stay.
    mutating func packLeftToRight(gap: Int) {
        let order = displays.indices.sorted { displays[$0].position.x < displays[$1].position.x }
        guard let first = order.first else { return }
        var x = displays[first].position.x
        for index in order {
            displays[index].position.x = x
            x += displays[index].logicalSize.width + gap
        }
    }
}
