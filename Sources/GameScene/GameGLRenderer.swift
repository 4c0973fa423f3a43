import Diorama
import Foundation

/// GameScene's OpenGL ES renderer (`--renderer gles`): the same picture as
/// the software renderer — the wrong-scale test pattern, the info overlay —
/// plus a rotating quad with a fine checkerboard texture, all drawn with
/// GLSL ES 3.00 shaders as textured quads.
///
/// The pattern and the overlay are drawn once per frame 1:1 in pixels with
/// nearest sampling, so a frame drawn at the wrong scale and stretched by
/// the compositor shows as blur in a screenshot; the quad is sampled
/// bilinearly (it rotates).
@MainActor
final class GameGLRenderer {
    /// The context the GL objects below belong to.
    let context: EGLContext
    private let program: GLuint
    private let cornerBuffer: GLuint
    private let uniforms: (viewSize: GLint, origin: GLint, size: GLint, angle: GLint, texture: GLint)
    private let checkerTexture: GLuint
    private let overlayTexture: GLuint
    /// The pattern textures of the drawable sizes seen last, most recent
    /// first: a window going back and forth between displays finds the
    /// texture of its size made already, as a game keeps its assets per
    /// resolution, and its first frame at the new scale costs only drawing.
    private var patternTextures: [(size: Size, texture: GLuint)] = []
    /// How many pattern textures are kept (one per scale of a 1x / 1.5x / 2x desk).
    private static let keptPatternTextures = 3

    /// Compiles the shaders and makes the textures in the current context.
    /// - Throws: `GameGLError` with the compiler's or linker's log.
    init(context: EGLContext) throws(GameGLError) {
        self.context = context
        program = try Self.link(vertex: Self.vertexSource, fragment: Self.fragmentSource)
        uniforms = (
            glGetUniformLocation(program, "u_viewSize"), glGetUniformLocation(program, "u_origin"),
            glGetUniformLocation(program, "u_size"), glGetUniformLocation(program, "u_angle"),
            glGetUniformLocation(program, "u_texture")
        )
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        cornerBuffer = buffer
        let corners: [GLfloat] = [0, 0, 1, 0, 0, 1, 1, 1]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cornerBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), corners.count * MemoryLayout<GLfloat>.size, corners, GLenum(GL_STATIC_DRAW))
        checkerTexture = Self.makeTexture(filter: GL_LINEAR)
        overlayTexture = Self.makeTexture(filter: GL_NEAREST)
        // A 64×64 checkerboard of 8-pixel squares crossed by 1-pixel lines
        // every 4 pixels: fine detail that blurs visibly at a wrong scale.
        var checker = PixelBuffer(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let square = (x / 8 + y / 8) % 2 == 0 ? PixelColor(rgb: 0xF0C020) : PixelColor(rgb: 0x2040A0)
                checker[x, y] = x % 4 == 0 || y % 4 == 0 ? .white : square
            }
        }
        Self.upload(checker, to: checkerTexture)
    }

    /// Draws one frame: pattern, rotating quad, overlay.
    func draw(in drawable: GLESDrawable, overlay: DiagnosticsOverlay, angle: Double) {
        let patternTexture = patternTexture(size: drawable.size)
        var text = PixelBuffer(width: max(1, overlay.size.width), height: max(1, overlay.size.height))
        overlay.draw(into: &text, at: .zero)
        Self.upload(text, to: overlayTexture)

        glDisable(GLenum(GL_DEPTH_TEST))
        glUseProgram(program)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cornerBuffer)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glUniform2f(uniforms.viewSize, GLfloat(drawable.size.width), GLfloat(drawable.size.height))
        glUniform1i(uniforms.texture, 0)
        glActiveTexture(GLenum(GL_TEXTURE0))

        glDisable(GLenum(GL_BLEND))
        quad(patternTexture, origin: .zero, size: drawable.size, angle: 0)
        let scale = max(1, Int(drawable.contentsScale.rounded()))
        let side = 160 * scale
        quad(
            checkerTexture, origin: Point(x: drawable.size.width / 2 - side / 2, y: drawable.size.height / 2 - side / 2),
            size: Size(width: side, height: side), angle: angle)
        // The overlay's boxes are translucent, its pixels premultiplied.
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        quad(overlayTexture, origin: overlay.origin, size: overlay.size, angle: 0)
        glDisable(GLenum(GL_BLEND))
    }

    /// The pattern texture for `size`: the kept one, or a new one drawn now
    /// (the pattern is an asset sized to the drawable, so this happens only
    /// when the drawable size changes, never during an interactive resize).
    private func patternTexture(size: Size) -> GLuint {
        if let index = patternTextures.firstIndex(where: { $0.size == size }) {
            let kept = patternTextures.remove(at: index)
            patternTextures.insert(kept, at: 0)
            return kept.texture
        }
        var pattern = PixelBuffer(width: size.width, height: size.height)
        TestPattern(label: "GameScene").draw(into: &pattern)
        let texture = Self.makeTexture(filter: GL_NEAREST)
        Self.upload(pattern, to: texture)
        patternTextures.insert((size, texture), at: 0)
        while patternTextures.count > Self.keptPatternTextures {
            var oldest = patternTextures.removeLast().texture
            glDeleteTextures(1, &oldest)
        }
        return texture
    }

    private func quad(_ texture: GLuint, origin: Point, size: Size, angle: Double) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glUniform2f(uniforms.origin, GLfloat(origin.x), GLfloat(origin.y))
        glUniform2f(uniforms.size, GLfloat(size.width), GLfloat(size.height))
        glUniform1f(uniforms.angle, GLfloat(angle))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    // MARK: Shaders and textures

    /// Places a unit quad's corner at `u_origin + corner × u_size` pixels
    /// (top-left based), rotated by `u_angle` about the quad's centre.
    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_corner;
        uniform vec2 u_viewSize;
        uniform vec2 u_origin;
        uniform vec2 u_size;
        uniform float u_angle;
        out vec2 v_uv;
        void main() {
            vec2 half_size = u_size * 0.5;
            vec2 offset = (a_corner - 0.5) * u_size;
            float c = cos(u_angle), s = sin(u_angle);
            vec2 pixel = u_origin + half_size + vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y);
            gl_Position = vec4(pixel.x / u_viewSize.x * 2.0 - 1.0, 1.0 - pixel.y / u_viewSize.y * 2.0, 0.0, 1.0);
            v_uv = a_corner;
        }
        """

    /// Textures hold DioramaGraphics' ARGB8888 words as bytes B, G, R, A.
    private static let fragmentSource = """
        #version 300 es
        precision mediump float;
        uniform sampler2D u_texture;
        in vec2 v_uv;
        out vec4 fragColor;
        void main() {
            fragColor = texture(u_texture, v_uv).bgra;
        }
        """

    private static func makeTexture(filter: Int32) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        return texture
    }

    /// Row 0 of the image (its top) becomes texture row 0, which the quads
    /// map to their top edge.
    private static func upload(_ image: PixelBuffer, to texture: GLuint) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.rowStride))
        image.withUnsafePixels { pixels in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }

    private static func compile(_ type: Int32, _ source: String) throws(GameGLError) -> GLuint {
        let shader = glCreateShader(GLenum(type))
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var status: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        guard status == GL_TRUE else {
            let log = infoLog { glGetShaderInfoLog(shader, $0, nil, $1) }
            glDeleteShader(shader)
            throw GameGLError(message: "the \(type == GL_VERTEX_SHADER ? "vertex" : "fragment") shader does not compile: \(log)")
        }
        return shader
    }

    private static func link(vertex: String, fragment: String) throws(GameGLError) -> GLuint {
        let vertexShader = try compile(GL_VERTEX_SHADER, vertex)
        let fragmentShader = try compile(GL_FRAGMENT_SHADER, fragment)
        let program = glCreateProgram()
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        glLinkProgram(program)
        glDeleteShader(vertexShader)
        glDeleteShader(fragmentShader)
        var status: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        guard status == GL_TRUE else {
            let log = infoLog { glGetProgramInfoLog(program, $0, nil, $1) }
            throw GameGLError(message: "the shader program does not link: \(log)")
        }
        return program
    }

    private static func infoLog(_ read: (GLsizei, UnsafeMutablePointer<GLchar>) -> Void) -> String {
        var bytes = [GLchar](repeating: 0, count: 4096)
        bytes.withUnsafeMutableBufferPointer { read(GLsizei($0.count), $0.baseAddress!) }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The game's shaders failed to build (a driver that rejects GLSL ES 3.00).
struct GameGLError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
