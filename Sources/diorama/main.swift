// The `diorama` executable: everything lives in DioramaCLI so tests can reach it.
import DioramaCLI

DioramaCommand.mainWithDioramaExitCodes()
