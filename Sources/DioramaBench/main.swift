// diorama-bench: reaction latency, stale frames, simulator throughput, memory
// and scanner cost, side by side with peers, in one run (issue 7).
// `make bench` builds it in release mode and runs it; see Docs/performance.md.
import DioramaBenchKit
import Foundation

DioramaBenchCommand.main()
