// xkbcommon: keymap compilation (simulator) and key -> keysym/text (client).
#include <xkbcommon/xkbcommon.h>
