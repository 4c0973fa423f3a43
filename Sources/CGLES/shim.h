// OpenGL ES 3.0 (a superset of 2.0), exported by libGLESv2 directly: no
// function pointers are looked up through eglGetProcAddress.
#include <GLES3/gl3.h>
