// Cairo (2D vector drawing into image surfaces) and Pango on Cairo (text
// layout and rendering with fontconfig's fonts), for the scene runtime's
// Cairo renderer: the libraries GTK draws with.
#include <cairo.h>
#include <pango/pangocairo.h>
