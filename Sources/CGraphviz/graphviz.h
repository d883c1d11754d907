// Graphviz's public headers, found with pkg-config (libgvc).
#ifndef SCENEFLOW_CGRAPHVIZ_H
#define SCENEFLOW_CGRAPHVIZ_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

#endif
