import ArgumentParser
import DioramaLint
import DioramaModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `diorama lint`: what stands between an iOS/iPadOS app and resizable, multi-display
/// scenes (TN3192, TN3187), read from its Info.plist or its whole Xcode project.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check an iOS app's Info.plist or Xcode project for resizable-scene readiness.",
        discussion: """
            Reads an Info.plist (XML or binary), an .xcodeproj, an .xcworkspace, or a folder: every \
            app target of every Xcode project in it, with its Info.plist file, the INFOPLIST_KEY_* build settings \
            Xcode generates keys from, and its .xcconfig files. Reports UIRequiresFullScreen (TN3192), \
            a missing or incomplete scene manifest (TN3187), a missing launch screen and iPad \
            orientations. Every check is listed in Docs/lint.md.

            Exit status: 0 every target is ready, 1 a warning or error remains (--strict: any \
            finding), 2 unusable input (no such path, nothing to check, a file that cannot be parsed).

            Examples:
              diorama lint .                        every project in this folder
              diorama lint App/Info.plist           one Info.plist
              diorama lint . --format sarif > lint.sarif
              diorama lint . --format github        GitHub Actions annotations
              diorama lint . --exclude 'Vendor/*'   leave vendored projects out
            """)

    enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    @Argument(help: "An Info.plist, an .xcodeproj, an .xcworkspace, or a folder holding Xcode projects.")
    var path: String = "."

    @Option(help: "Output format: text for people, json for scripts, sarif for code scanning, github for workflow annotations.")
    var format: ReportFormat = .text

    @Flag(help: "Fail on informational findings too.")
    var strict = false

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp(
            "Leave out projects and Info.plists whose path inside the folder matches this glob, or lies in a folder that does (vendored code); repeatable.",
            valueName: "glob"))
    var excluded: [String] = []

    @Option(help: "Colour in text output: auto (when writing to a terminal), always, never.")
    var color: ColorChoice = .auto

    func run() throws {
        let report: LintReport
        do throws(LintInputError) {
            report = try Linter(strict: strict, exclusion: PathExclusion(excluded)).lint(URL(fileURLWithPath: path))
        } catch {
            DescriptorWriter.reportToStandardError("diorama lint: \(error)")
            throw DioramaExitCode.badInput
        }
        let output = format.formatter(colors: useColor, toolVersion: DioramaVersion.current).format(report)
        print(output, terminator: "")
        if format.isDocument {
            // JSON and SARIF must stay one document; the summary goes to the terminal.
            DescriptorWriter.reportToStandardError(report.summaryLine)
        }
        switch report.outcome {
        case .ready: return
        case .notReady: throw DioramaExitCode.checkFailed
        case .unusableInput: throw DioramaExitCode.badInput
        }
    }

    private var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            return isatty(STDOUT_FILENO) != 0 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }
}

extension ReportFormat: ExpressibleByArgument {}
