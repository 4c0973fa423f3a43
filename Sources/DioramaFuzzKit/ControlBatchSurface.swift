import DioramaControlClient
import DioramaSimulator
import DioramaSimulatorHarness
import Foundation
import Synchronization

/// Control requests carried out, not just decoded: each input line that decodes
/// joins one batch, sent over a real control socket to an in-process simulator
/// (the `dual` layout, fresh for each input) while a second connection asks for the
/// displays. Promises: the batch gets one answer per request, and the other
/// connection is answered too; both within the input's budget, so a batch whose
/// cost grows faster than its length (plugging a display rebuilt every other one)
/// is a finding.
///
/// Screenshots are written into the scratch folder whatever path the input names,
/// and `trace` (which cannot be batched) and `wait_settled` (which waits on
/// purpose) are left out.
struct ControlBatchSurface: FuzzSurface {
    let name = "control-batch"
    let seeds: [[UInt8]]
    let dictionary: [[UInt8]]
    let screenshotPath: String
    let layout: DisplayLayout

    init(corpus: SeedCorpus, scratch: URL, requestSeeds: [[UInt8]], requestDictionary: [[UInt8]]) throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        screenshotPath = scratch.appendingPathComponent("shot.png").path
        layout = try DisplayLayout.load(contentsOf: corpus.root.appendingPathComponent("Configs/displays/dual.json").path)
        let plugs = (0..<200).map {
            #"{"command":"plug","display":"X-\#($0)","width":640,"height":480,"x":\#(4000 + 700 * $0),"y":0}"#
        }
        let unplugs = (0..<200).map { #"{"command":"unplug","display":"X-\#($0)"}"# }
        seeds = requestSeeds + [Array((plugs + unplugs).joined(separator: "\n").utf8)]
        dictionary = requestDictionary
    }

    func run(_ input: [UInt8]) -> FuzzVerdict {
        var requests: [ControlRequest] = []
        var rejected = false
        for line in String(decoding: input, as: UTF8.self).split(separator: "\n") {
            guard let request = try? ControlRequest(line: String(line)) else {
                rejected = true
                continue
            }
            switch request {
            case .trace, .wait: continue
            case .screenshot(let display, _, let scale): requests.append(.screenshot(display: display, path: screenshotPath, scale: scale))
            default: requests.append(request)
            }
        }
        guard !requests.isEmpty else { return rejected ? .rejected : .accepted }
        do {
            return try carryOut(requests) ?? (rejected ? .rejected : .accepted)
        } catch {
            return .brokenPromise("\(error)")
        }
    }

    /// A fresh simulator serving the batch on one connection and `displays` on
    /// another; nil when both were answered as promised.
    private func carryOut(_ requests: [ControlRequest]) throws -> FuzzVerdict? {
        let harness = try Simulator.Harness(layout: layout)
        let server = try ControlServer(simulator: harness.simulator)
        defer { server.stop() }
        let batch = Mutex<Result<[ControlResponse], ControlClientError>?>(nil)
        let observer = Mutex<Result<ControlResponse, ControlClientError>?>(nil)
        let path = server.path
        Thread {
            let result = Result { () throws(ControlClientError) in try ControlClient(path: path).send(batch: requests) }
            batch.withLock { $0 = result }
        }.start()
        Thread {
            let result = Result { () throws(ControlClientError) in try ControlClient(path: path).send(.listDisplays) }
            observer.withLock { $0 = result }
        }.start()
        // The simulator's own loop: pumped here until both have their answers.
        try harness.run(
            until: { batch.withLock { $0 != nil } && observer.withLock { $0 != nil } }, timeout: .seconds(60),
            "answers to a batch of \(requests.count) and to another connection")
        switch batch.withLock({ $0! }) {
        case .failure(let error): return .brokenPromise("the batch of \(requests.count) got no answer: \(error)")
        case .success(let responses) where responses.count != requests.count:
            return .brokenPromise("\(responses.count) answers to a batch of \(requests.count)")
        case .success: break
        }
        if case .failure(let error) = observer.withLock({ $0! }) {
            return .brokenPromise("another connection got no answer while a batch ran: \(error)")
        }
        return nil
    }
}
