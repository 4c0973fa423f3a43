// GIO's D-Bus client (GDBus), for the connection a Mutter backend keeps open
// to its compositor's session bus: a RemoteDesktop session lives only as long
// as the connection that created it. Swift builds and reads GVariants with
// GLib's non-variadic constructors and accessors only.
#include <gio/gio.h>
