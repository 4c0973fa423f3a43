import DioramaModel
import Testing

@testable import DioramaSimulator

/// The owners the simulator's state is split into (issue #13), checked on
/// their own: what each keeps and answers, without a wl_display or clients.
/// The events they lead to are covered end to end by the other suites.
@Suite struct DisplayArrangementTests {
    private static func arrangement(
        _ names: [String], defaultDisplay: String, profile: CompositorProfile = .modern,
        policy: PreferredScalePolicy = .max
    ) -> DisplayArrangement {
        let arrangement = DisplayArrangement(defaultDisplayName: defaultDisplay, preferredScalePolicy: policy, profile: profile)
        for (index, name) in names.enumerated() { arrangement.add(display(name, x: index * 1920)) }
        return arrangement
    }

    private static func display(_ name: String, x: Int, scale: Scale = .one) -> Display {
        Display(configuration: TestLayouts.display(name, x: x, scale: scale), outputScaleRounding: .ceil)
    }

    private static func names(_ displays: [Display]) -> [String] { displays.map(\.name) }

    @Test func unpluggingKeepsTheDisplayForWindowsThatWereOnItAndHandsOnTheDefault() throws {
        let arrangement = Self.arrangement(["DP-1", "DP-2"], defaultDisplay: "DP-1")
        let first = arrangement.unplug(at: try arrangement.index(ofDisplayNamed: "DP-1"))
        #expect(!first.isPlugged)
        #expect(Self.names(arrangement.plugged) == ["DP-2"])
        #expect(arrangement.defaultDisplayName == "DP-2", "the default moves to the first display left")
        #expect(arrangement.display(named: "DP-1") == nil)
        #expect(arrangement.lastKnownDisplay(named: "DP-1") === first)

        let second = arrangement.unplug(at: 0)
        #expect(arrangement.plugged.isEmpty)
        #expect(arrangement.defaultDisplayName == "DP-2", "with nothing left the default keeps naming the unplugged display")
        #expect(arrangement.defaultDisplay == nil)

        let replugged = Self.display("DP-2", x: 0)
        arrangement.add(replugged)
        arrangement.adoptAsDefaultIfMissing(replugged)
        #expect(arrangement.defaultDisplay === replugged)
        #expect(arrangement.lastKnownDisplay(named: "DP-2") === replugged, "a plugged display wins over an unplugged one of the same name")
        #expect(arrangement.lastKnownDisplay(named: "DP-2") !== second)
    }

    @Test func aHotPlugBecomesTheDefaultOnlyWhenTheDefaultIsGone() {
        let arrangement = Self.arrangement(["DP-1"], defaultDisplay: "DP-1")
        let added = Self.display("DP-2", x: 1920)
        arrangement.add(added)
        arrangement.adoptAsDefaultIfMissing(added)
        #expect(arrangement.defaultDisplayName == "DP-1")
    }

    @Test func anUnknownDisplayIsAnErrorNamingTheKnownOnes() throws {
        let arrangement = Self.arrangement(["DP-1", "DP-2"], defaultDisplay: "DP-1")
        #expect(throws: SimulatorControlError.noSuchDisplay("HDMI-1", known: ["DP-1", "DP-2"])) {
            try arrangement.requireDisplay("HDMI-1")
        }
        #expect(throws: SimulatorControlError.noSuchDisplay("HDMI-1", known: ["DP-1", "DP-2"])) {
            try arrangement.setDefaultDisplay("HDMI-1")
        }
        #expect(arrangement.defaultDisplayName == "DP-1")
        try arrangement.setDefaultDisplay("DP-2")
        #expect(arrangement.defaultDisplay?.name == "DP-2")
        // With every display unplugged there is no list to give, but a way on.
        #expect(
            SimulatorControlError.noSuchDisplay("DP-1", known: []).description
                == "no display named \"DP-1\": no display is plugged in; plug one first (ctl plug NAME WxH)")
    }

    @Test func leavesComeFirstOrFollowTheDisplaysByProfile() throws {
        for (profile, expected) in [(CompositorProfile.modern, ["-A", "-C", "+B"]), (.sway17, ["-A", "+B", "-C"])] {
            let arrangement = Self.arrangement(["A", "B", "C"], defaultDisplay: "A", profile: profile)
            let (a, b, c) = (arrangement.plugged[0], arrangement.plugged[1], arrangement.plugged[2])
            let changes = arrangement.enterLeaveChanges(from: [a, c], to: [b])
            #expect(changes.map { ($0.entering ? "+" : "-") + $0.display.name } == expected, "\(profile.name)")
        }
        // In display order, a display the surface was on and that has since
        // been unplugged comes after the plugged ones.
        let arrangement = Self.arrangement(["A", "B"], defaultDisplay: "A", profile: .sway17)
        let (a, b) = (arrangement.plugged[0], arrangement.plugged[1])
        _ = arrangement.unplug(at: 0)
        let changes = arrangement.enterLeaveChanges(from: [a], to: [b])
        #expect(changes.map { ($0.entering ? "+" : "-") + $0.display.name } == ["+B", "-A"])
        #expect(arrangement.enterLeaveChanges(from: [b], to: [b]).isEmpty)
    }

    @Test func aRectangleIsOnTheDisplaysItOverlapsAndPrefersByPolicy() {
        let twice = Scale(integer: 2)!
        for (policy, expected) in [(PreferredScalePolicy.max, twice), (.largestOverlap, Scale.one)] {
            let arrangement = DisplayArrangement(defaultDisplayName: "DP-1", preferredScalePolicy: policy, profile: .modern)
            arrangement.add(Self.display("DP-1", x: 0))
            arrangement.add(Self.display("DP-2", x: 1920, scale: twice))
            let rect = Rect(x: 1520, y: 0, width: 500, height: 300)  // 400 points on DP-1, 100 on DP-2
            let overlapped = arrangement.displays(overlapping: rect)
            #expect(Self.names(overlapped) == ["DP-1", "DP-2"])
            #expect(arrangement.largestOverlap(of: rect, among: overlapped)?.name == "DP-1")
            #expect(arrangement.preferredScale(of: rect, overlapping: overlapped) == expected, "\(policy)")
            #expect(arrangement.displays(overlapping: Rect(x: 5000, y: 0, width: 10, height: 10)).isEmpty)
        }
    }

    @Test func neighboursFollowAResizedDisplayUnlessTheProfileKeepsThem() {
        for (profile, expectedX) in [(CompositorProfile.modern, 960), (.sway17, 1920)] {
            let arrangement = Self.arrangement(["DP-1", "DP-2"], defaultDisplay: "DP-1", profile: profile)
            var proposed = arrangement.configurations
            proposed[0].scale = Scale(integer: 2)!  // 1920 px wide: 960 points now
            let adjusted = arrangement.keepingNeighboursAdjacent(proposed, changedIndex: 0)
            #expect(adjusted[1].position.x == expectedX, "\(profile.name)")
        }
    }

    @Test func reconfiguringReportsWhatChangedAndWhatMoved() {
        let arrangement = Self.arrangement(["DP-1", "DP-2", "DP-3"], defaultDisplay: "DP-1")
        var proposed = arrangement.configurations
        proposed[1].scale = Scale(integer: 2)!
        proposed[2].position.x += 100
        let (changed, moved) = arrangement.reconfigure(to: proposed)
        #expect(changed.map { $0.display.name } == ["DP-2", "DP-3"])
        #expect(changed[0].previous.scale == .one)
        #expect(moved.map { "\($0.display.name) \($0.dx) \($0.dy)" } == ["DP-3 100 0"])
        #expect(arrangement.plugged[1].scale == Scale(integer: 2)!)
        #expect(arrangement.plugged[2].logicalRect.minX == 3940)
        #expect(arrangement.reconfigure(to: proposed).changed.isEmpty, "applying the same configurations again changes nothing")
    }
}

@Suite struct ShellRegistryTests {
    @Test func newWindowsCascadeAndRestartEveryTenWindows() {
        let registry = ShellRegistry()
        var configuration = TestLayouts.display("DP-1", x: 100)
        configuration.usableInsets = DisplayInsets(top: 30)
        let display = Display(configuration: configuration, outputScaleRounding: .ceil)
        let positions = (0..<11).map { _ in registry.cascadePosition(on: display) }
        #expect(positions[0] == Point(x: 132, y: 62))
        #expect(positions[1] == Point(x: 164, y: 94))
        #expect(positions[9] == Point(x: 132 + 9 * 32, y: 62 + 9 * 32))
        #expect(positions[10] == positions[0])
    }

    @Test func windowNumbersCountUpAndAreNeverReused() {
        let registry = ShellRegistry()
        #expect((0..<3).map { _ in registry.makeWindowID() } == [1, 2, 3])
    }
}
