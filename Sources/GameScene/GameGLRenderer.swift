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
    /// Draws textured quads (``quadVertexSource``).
    private let textured: QuadProgram
    /// Draws triangles given in pixels in one colour (``pixelVertexSource``).
    private let solid: SolidProgram
    /// A unit quad's corners, as a triangle strip.
    private let cornerBuffer: GLuint
    private let checkerTexture: GLuint
    private let overlayTexture: GLuint
    /// The pattern's assets for the drawable sizes seen last, most recent
    /// first: a window going back and forth between displays finds those of
    /// its size made already, as a game keeps its assets per resolution, and
    /// its first frame at the new scale costs only drawing.
    private var patternAssets: [PatternAssets] = []
    /// How many sizes' assets are kept (one per scale of a 1x / 1.5x / 2x desk).
    private static let keptPatternAssets = 3

    /// Compiles the shaders and makes the textures in the current context.
    /// - Throws: `GameGLError` with the compiler's or linker's log.
    init(context: EGLContext) throws(GameGLError) {
        self.context = context
        textured = QuadProgram(try Self.link(vertex: Self.quadVertexSource, fragment: Self.texturedFragmentSource))
        solid = SolidProgram(try Self.link(vertex: Self.pixelVertexSource, fragment: Self.solidFragmentSource))
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
        glEnableVertexAttribArray(0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        let viewSize = (GLfloat(drawable.size.width), GLfloat(drawable.size.height))
        glUseProgram(solid.id)
        glUniform2f(solid.viewSize, viewSize.0, viewSize.1)
        glUseProgram(textured.id)
        glUniform2f(textured.viewSize, viewSize.0, viewSize.1)
        glUniform1i(textured.texture, 0)

        drawPattern(size: drawable.size)
        glUseProgram(textured.id)
        Self.useVertices(cornerBuffer)
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
    /// CPU, in its drawing order: background, grid, details, border. The
    /// grid and the border are one draw call each: llvmpipe runs its whole
    /// pipeline per instance, so the grid's 250 lines drawn as instances
    /// took it about twice as long to rasterize.
    private func drawPattern(size: Size) {
        let pattern = Self.pattern
        let background = pattern.background
        glClearColor(GLfloat(background.red) / 255, GLfloat(background.green) / 255, GLfloat(background.blue) / 255, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        let assets = patternAssets(size: size)

        glUseProgram(solid.id)
        Self.useVertices(assets.rectangles)
        solid.setColor(pattern.gridColor)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, assets.gridVertices)

        glUseProgram(textured.id)
        Self.useVertices(cornerBuffer)
        for rect in pattern.detailRects(in: size) {
            quad(assets.texture, origin: rect.origin, size: rect.size, angle: 0, textureRect: rect, textureSize: size)
        }

        glUseProgram(solid.id)
        Self.useVertices(assets.rectangles)
        solid.setColor(pattern.borderColor)
        glDrawArrays(GLenum(GL_TRIANGLES), assets.gridVertices, assets.borderVertices)
    }

    /// GameScene's test pattern (the software renderer's too).
    private static let pattern = TestPattern(label: "GameScene")

    /// The pattern's assets for `size`: the kept ones, or new ones made now
    /// (they are sized to the drawable, so this happens only when the
    /// drawable size changes, never during an interactive resize).
    private func patternAssets(size: Size) -> PatternAssets {
        if let index = patternAssets.firstIndex(where: { $0.size == size }) {
            let kept = patternAssets.remove(at: index)
            patternAssets.insert(kept, at: 0)
            return kept
        }
        let assets = PatternAssets(pattern: Self.pattern, size: size)
        patternAssets.insert(assets, at: 0)
        while patternAssets.count > Self.keptPatternAssets {
            patternAssets.removeLast().delete()
        }
        return assets
    }

    /// Points attribute 0 at `buffer`'s pairs of floats.
    static func useVertices(_ buffer: GLuint) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
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
        glUniform2f(textured.origin, GLfloat(origin.x), GLfloat(origin.y))
        glUniform2f(textured.size, GLfloat(size.width), GLfloat(size.height))
        glUniform1f(textured.angle, GLfloat(angle))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    // MARK: Shaders and textures

    /// Places a unit quad's corner at `u_origin + corner × u_size` pixels
    /// (top-left based), rotated by `u_angle` about the quad's centre; its
    /// texture coordinates cover `u_textureRect` (origin and size, in 0…1).
    private static let quadVertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_corner;
        uniform vec2 u_viewSize;
        uniform vec2 u_origin;
        uniform vec2 u_size;
        uniform float u_angle;
        uniform vec4 u_textureRect;
        out vec2 v_uv;
        void main() {
            vec2 half_size = u_size * 0.5;
            vec2 offset = (a_corner - 0.5) * u_size;
            float c = cos(u_angle), s = sin(u_angle);
            vec2 pixel = u_origin + half_size + vec2(c * offset.x - s * offset.y, s * offset.x + c * offset.y);
            gl_Position = vec4(pixel.x / u_viewSize.x * 2.0 - 1.0, 1.0 - pixel.y / u_viewSize.y * 2.0, 0.0, 1.0);
            v_uv = u_textureRect.xy + a_corner * u_textureRect.zw;
        }
        """

    /// A vertex given in pixels (top-left based).
    private static let pixelVertexSource = """
        #version 300 es
        layout(location = 0) in vec2 a_pixel;
        uniform vec2 u_viewSize;
        void main() {
            gl_Position = vec4(a_pixel.x / u_viewSize.x * 2.0 - 1.0, 1.0 - a_pixel.y / u_viewSize.y * 2.0, 0.0, 1.0);
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

    static func makeTexture(filter: Int32) -> GLuint {
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
    static func upload(_ image: PixelBuffer, region: Rect, to texture: GLuint) {
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

/// What GameScene's pattern needs at one drawable size, in the current
/// context: the pattern's image as a texture (only its detail rectangles
/// uploaded: nothing else is sampled) and its solid rectangles — grid lines,
/// then the border — as triangles in pixels in one vertex buffer.
struct PatternAssets {
    let size: Size
    let texture: GLuint
    let rectangles: GLuint
    let gridVertices: GLsizei
    let borderVertices: GLsizei

    @MainActor
    init(pattern: TestPattern, size: Size) {
        self.size = size
        var image = PixelBuffer(width: size.width, height: size.height)
        pattern.draw(into: &image)
        texture = GameGLRenderer.makeTexture(filter: GL_NEAREST)
        glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(size.width), GLsizei(size.height), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        for rect in pattern.detailRects(in: size) {
            GameGLRenderer.upload(image, region: rect, to: texture)
        }

        var vertices: [GLfloat] = []
        func add(_ rect: Rect) {
            let left = GLfloat(rect.minX), top = GLfloat(rect.minY), right = GLfloat(rect.maxX), bottom = GLfloat(rect.maxY)
            vertices += [left, top, right, top, left, bottom, right, top, right, bottom, left, bottom]
        }
        // Grid lines on every positive multiple of the spacing inside the image.
        let spacing = pattern.gridSpacing
        for x in stride(from: spacing, to: size.width, by: spacing) { add(Rect(x: x, y: 0, width: 1, height: size.height)) }
        for y in stride(from: spacing, to: size.height, by: spacing) { add(Rect(x: 0, y: y, width: size.width, height: 1)) }
        gridVertices = GLsizei(vertices.count / 2)
        // The border: the outermost rows and columns.
        add(Rect(x: 0, y: 0, width: size.width, height: 1))
        add(Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
        add(Rect(x: 0, y: 0, width: 1, height: size.height))
        add(Rect(x: size.width - 1, y: 0, width: 1, height: size.height))
        borderVertices = GLsizei(vertices.count / 2) - gridVertices
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        rectangles = buffer
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), rectangles)
        glBufferData(GLenum(GL_ARRAY_BUFFER), vertices.count * MemoryLayout<GLfloat>.size, vertices, GLenum(GL_STATIC_DRAW))
    }

    /// Frees the texture and the vertex buffer.
    func delete() {
        var texture = texture, rectangles = rectangles
        glDeleteTextures(1, &texture)
        glDeleteBuffers(1, &rectangles)
    }
}

/// The textured quad program and its uniforms' locations.
struct QuadProgram {
    let id: GLuint
    let viewSize: GLint, origin: GLint, size: GLint, angle: GLint, textureRect: GLint, texture: GLint

    init(_ id: GLuint) {
        self.id = id
        func location(_ name: String) -> GLint { glGetUniformLocation(id, name) }
        viewSize = location("u_viewSize")
        origin = location("u_origin")
        size = location("u_size")
        angle = location("u_angle")
        textureRect = location("u_textureRect")
        texture = location("u_texture")
    }
}

/// The one-colour program and its uniforms' locations.
struct SolidProgram {
    let id: GLuint
    let viewSize: GLint, color: GLint

    init(_ id: GLuint) {
        self.id = id
        viewSize = glGetUniformLocation(id, "u_viewSize")
        color = glGetUniformLocation(id, "u_color")
    }

    /// Sets the colour of what is drawn next (the program in use).
    func setColor(_ color: PixelColor) {
        glUniform4f(self.color, GLfloat(color.red) / 255, GLfloat(color.green) / 255, GLfloat(color.blue) / 255, 1)
    }
}

/// The game's shaders failed to build (a driver that rejects GLSL ES 3.00).
struct GameGLError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
