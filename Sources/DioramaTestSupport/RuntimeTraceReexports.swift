@_exported import struct DioramaModel.CommitRecord
@_exported import struct DioramaModel.DrawableSizeRecord
@_exported import struct DioramaModel.GeometryRecord
@_exported import struct DioramaModel.LaunchedRecord
@_exported import struct DioramaModel.LifecycleRecord
@_exported import struct DioramaModel.RendererRecord
@_exported import struct DioramaModel.RestoredRecord
// The runtime-trace reader lives in DioramaModel (one schema for the runtime's
// tests, the app tests and the scenario backends). Tests that only import
// DioramaTestSupport keep seeing it under the same names.
@_exported import struct DioramaModel.RuntimeTraceLog
@_exported import protocol DioramaModel.SceneTraceRecord
@_exported import struct DioramaModel.ScreenConnectedRecord
@_exported import struct DioramaModel.ScreenDisconnectedRecord
@_exported import struct DioramaModel.ScreenRecord
@_exported import struct DioramaModel.SessionConnectedRecord
@_exported import struct DioramaModel.SessionDiscardedRecord
@_exported import struct DioramaModel.SizeRestrictionsRecord
@_exported import struct DioramaModel.TerminatedRecord
@_exported import struct DioramaModel.TitleRecord
@_exported import struct DioramaModel.ToplevelRecord
@_exported import struct DioramaModel.TraceEntry
@_exported import struct DioramaModel.TraceFormatError
@_exported import protocol DioramaModel.TraceRecordKind
@_exported import struct DioramaModel.TraceSize
@_exported import struct DioramaModel.TraitsRecord
