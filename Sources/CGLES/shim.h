// OpenGL ES 3.0 (a superset of 2.0), exported by libGLESv2 directly: no
// function pointers are looked up through eglGetProcAddress.
#include <GLES3/gl3.h>
// Extension tokens (GL_BGRA_EXT, GL_PACK_REVERSE_ROW_ORDER_ANGLE): the
// shared-memory presentation reads frames as BGRA, top row first.
#include <GLES2/gl2ext.h>
