import HeadlessCompositors
import Testing

/// KWin and Mutter start with a private `HOME` and `XDG_CACHE_HOME`, but
/// with the caller's Mesa shader cache, so llvmpipe does not compile the
/// same shaders again at every start.
@Suite("the shader cache private compositors share with their caller")
struct ShaderCacheTests {
    @Test("the caller's MESA_SHADER_CACHE_DIR, else its XDG_CACHE_HOME, else ~/.cache; nothing for relative or missing folders")
    func callersShaderCache() {
        #expect(callerShaderCacheParent(["MESA_SHADER_CACHE_DIR": "/m", "XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/m")
        #expect(callerShaderCacheParent(["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x")
        #expect(callerShaderCacheParent(["HOME": "/h"]) == "/h/.cache")
        #expect(callerShaderCacheParent(["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache")
        #expect(callerShaderCacheParent(["HOME": "relative"]) == nil)
        #expect(callerShaderCacheParent([:]) == nil)
    }
}
