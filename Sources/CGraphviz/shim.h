// Graphviz's public headers, on the include path that pkg-config gives for libgvc.
#include <gvc.h>
#include <cgraph.h>
