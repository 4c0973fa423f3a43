// zlib: deflate and CRC-32 for the PNG writer (DioramaGraphics), inflate for
// the PNG reader the tests use (DioramaPNGTestSupport).
#include <zlib.h>
