import Diorama
import Foundation

/// GameScene's OpenGL ES renderer (`--renderer gles`): the same picture as
/// the software renderer — the wrong-scale test pattern, the info overlay —
/// plus a rotating quad with a fine checkerboard texture, all drawn with
/// GLSL ES 3.00 shaders.
///
/// The pattern is drawn as what it is: a clear in its background colour,
/// its grid lines and border as 1-pixel solid quads, and only its detail
/// rectangles (corner patches, tags, caption) sampled from an image of the
/// pattern. A software rasterizer (llvmpipe) shades only those few pixels
/// instead of a full-window textured quad, which cost it most of a frame at
/// 2560×1600. The details and the overlay are sampled 1:1 in pixels with
/// nearest sampling, so a frame drawn at the wrong scale and stretched by
/// the compositor shows as blur in a screenshot; the quad is sampled
/// bilinearly (it rotates).
@MainActor
final class GameGLRenderer {
    /// The context the GL objects below belong to.
    let context: EGLContext
    /// Draws textured quads, and the solid one draws quads of one colour;
    /// both place quads with ``vertexSource``.
    private let textured: QuadProgram
    private let solid: QuadProgram
    private let cornerBuffer: GLuint
    private let checkerTexture: GLuint
    private let overlayTexture: GLuint
    /// The pattern textures of the drawable sizes seen last (only their
    /// detail rectangles are uploaded), most recent first: a window going back and forth between displays finds the
    /// texture of its size made already, as a game keeps its assets per
    /// resolution, and its first frame at the new scale costs only drawing.
    private var patternTextures: [(size: Size, texture: GLuint)] = []
    /// How many pattern textures are kept (one per scale of a 1x / 1.5x / 2x desk).
    private static let keptPatternTextures = 3

    /// Compiles the shaders and makes the textures in the current context.
    /// - Throws: `GameGLError` with the compiler's or linker's log.
    init(context: EGLContext) throws(GameGLError) {
        self.context = context
        textured = QuadProgram(try Self.link(vertex: Self.vertexSource, fragment: Self.texturedFragmentSource))
        solid = QuadProgram(try Self.link(vertex: Self.vertexSource, fragment: Self.solidFragmentSource))
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
        var text = PixelBuffer(width: max(1, overlay.size.width), height: max(1, overlay.size.height))
        overlay.draw(into: &text, at: .zero)
        Self.upload(text, to: overlayTexture)

        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_BLEND))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), cornerBuffer)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glActiveTexture(GLenum(GL_TEXTURE0))
        for program in [solid, textured] {
            glUseProgram(program.id)
            glUniform2f(program.viewSize, GLfloat(drawable.size.width), GLfloat(drawable.size.height))
            glUniform1i(program.texture, 0)
        }

        drawPattern(size: drawable.size)
        glUseProgram(textured.id)
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

    /// The test pattern, pixel for pixel as `TestPattern` draws it on the
    /// CPU, in its drawing order: background, grid, details, border.
    private func drawPattern(size: Size) {
        let pattern = Self.pattern
        func clearColor(_ color: PixelColor) -> (GLfloat, GLfloat, GLfloat) {
            (GLfloat(color.red) / 255, GLfloat(color.green) / 255, GLfloat(color.blue) / 255)
        }
        let background = clearColor(pattern.background)
        glClearColor(background.0, background.1, background.2, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))

        glUseProgram(solid.id)
        // Grid lines on every positive multiple of the spacing inside the
        // image: one instanced draw per direction.
        let spacing = pattern.gridSpacing
        solidQuads(
            pattern.gridColor, origin: Point(x: spacing, y: 0), size: Size(width: 1, height: size.height),
            step: Point(x: spacing, y: 0), count: (size.width - 1) / spacing)
        solidQuads(
            pattern.gridColor, origin: Point(x: 0, y: spacing), size: Size(width: size.width, height: 1),
            step: Point(x: 0, y: spacing), count: (size.height - 1) / spacing)

        glUseProgram(textured.id)
        let texture = patternTexture(size: size)
        for rect in pattern.detailRects(in: size) {
            quad(texture, origin: rect.origin, size: rect.size, angle: 0, textureRect: rect, textureSize: size)
        }

        glUseProgram(solid.id)
        // The border: the outermost rows and columns.
        let border = pattern.borderColor
        solidQuads(border, origin: .zero, size: Size(width: size.width, height: 1), step: Point(x: 0, y: size.height - 1), count: 2)
        solidQuads(border, origin: .zero, size: Size(width: 1, height: size.height), step: Point(x: size.width - 1, y: 0), count: 2)
    }

    /// GameScene's test pattern (the software renderer's too).
    private static let pattern = TestPattern(label: "GameScene")

    /// The pattern texture for `size`: the kept one, or a new one made now
    /// (the pattern is an asset sized to the drawable, so this happens only
    /// when the drawable size changes, never during an interactive resize).
    /// Only its detail rectangles are uploaded: nothing else is sampled.
    private func patternTexture(size: Size) -> GLuint {
        if let index = patternTextures.firstIndex(where: { $0.size == size }) {
            let kept = patternTextures.remove(at: index)
            patternTextures.insert(kept, at: 0)
            return kept.texture
        }
        var image = PixelBuffer(width: size.width, height: size.height)
        Self.pattern.draw(into: &image)
        let texture = Self.makeTexture(filter: GL_NEAREST)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        for rect in Self.pattern.detailRects(in: size) {
            Self.upload(image, region: rect, to: texture)
        }
        patternTextures.insert((size, texture), at: 0)
        while patternTextures.count > Self.keptPatternTextures {
            var oldest = patternTextures.removeLast().texture
            glDeleteTextures(1, &oldest)
        }
        return texture
    }

    /// A textured quad with the program ``textured`` in use; `textureRect`
    /// (pixels of a `textureSize` texture) is the part of the texture it shows, all of it by default.
    private func quad(
        _ texture: GLuint, origin: Point, size: Size, angle: Double, textureRect: Rect? = nil, textureSize: Size? = nil
    ) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let part = textureRect ?? Rect(origin: .zero, size: size)
        let whole = textureSize ?? size
        glUniform4f(
            textured.textureRect, GLfloat(part.minX) / GLfloat(whole.width), GLfloat(part.minY) / GLfloat(whole.height),
            GLfloat(part.width) / GLfloat(whole.width), GLfloat(part.height) / GLfloat(whole.height))
        glUniform2f(textured.step, 0, 0)
        glUniform2f(textured.origin, GLfloat(origin.x), GLfloat(origin.y))
        glUniform2f(textured.size, GLfloat(size.width), GLfloat(size.height))
        glUniform1f(textured.angle, GLfloat(angle))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// `count` quads of one colour with the program ``solid`` in use, the
    /// n-th at `origin + n × step`.
    private func solidQuads(_ color: PixelColor, origin: Point, size: Size, step: Point, count: Int) {
        guard count > 0, !size.isEmpty else { return }
        glUniform4f(solid.color, GLfloat(color.red) / 255, GLfloat(color.green) / 255, GLfloat(color.blue) / 255, 1)
        glUniform2f(solid.step, GLfloat(step.x), GLfloat(step.y))
        glUniform2f(solid.origin, GLfloat(origin.x), GLfloat(origin.y))
        glUniform2f(solid.size, GLfloat(size.width), GLfloat(size.height))
        glUniform1f(solid.angle, 0)
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
    }

    // MARK: Shaders and textures

    /// Places a unit quad's corner at `u_origin + instance × u_step +
    /// corner × u_size` pixels (top-left based), rotated by `u_angle` about
    /// the quad's centre; its texture coordinates cover `u_textureRect`
    /// (origin and size, in 0…1).
    private static let vertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_corner;
        uniform vec2 u_viewSize;
        uniform vec2 u_origin;
        uniform vec2 u_step;
        uniform vec2 u_size;
        uniform float u_angle;
        uniform vec4 u_textureRect;
        out vec2 v_uv;
        void main() {
            vec2 half_size = u_size * 0.5;
            vec2 offset = (a_corner - 0.5) * u_size;
            float c = cos(u_angle), s = sin(u_angle);
            vec2 origin = u_origin + float(gl_InstanceID) * u_step;
            vec2 pixel = origin + half_size + vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y);
            gl_Position = vec4(pixel.x / u_viewSize.x * 2.0 - 1.0, 1.0 - pixel.y / u_viewSize.y * 2.0, 0.0, 1.0);
            v_uv = u_textureRect.xy + a_corner * u_textureRect.zw;
        }
        """

    /// One colour.
    private static let solidFragmentSource = """
        #version 300 es
        precision mediump float;
        uniform vec4 u_color;
        out vec4 fragColor;
        void main() {
            fragColor = u_color;
        }
        """

    /// Textures hold DioramaGraphics' ARGB8888 words as bytes B, G, R, A.
    private static let texturedFragmentSource = """
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

    /// Copies `region` of `image` into the same place of `texture`, which
    /// already has the image's size.
    private static func upload(_ image: PixelBuffer, region: Rect, to texture: GLuint) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.rowStride))
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(region.minX))
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(region.minY))
        image.withUnsafePixels { pixels in
            glTexSubImage2D(
                GLenum(GL_TEXTURE_2D), 0, GLint(region.minX), GLint(region.minY), GLsizei(region.width),
                GLsizei(region.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), pixels.baseAddress)
        }
        glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
        glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
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

/// A linked quad program and its uniforms' locations (-1 for one the
/// program does not use, which GL then ignores).
struct QuadProgram {
    let id: GLuint
    let viewSize: GLint, origin: GLint, step: GLint, size: GLint, angle: GLint
    let textureRect: GLint, texture: GLint, color: GLint

    init(_ id: GLuint) {
        self.id = id
        func location(_ name: String) -> GLint { glGetUniformLocation(id, name) }
        viewSize = location("u_viewSize")
        origin = location("u_origin")
        step = location("u_step")
        size = location("u_size")
        angle = location("u_angle")
        textureRect = location("u_textureRect")
        texture = location("u_texture")
        color = location("u_color")
    }
}

/// The game's shaders failed to build (a driver that rejects GLSL ES 3.00).
struct GameGLError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
