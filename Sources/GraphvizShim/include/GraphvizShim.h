// What GraphvizRenderer calls around libgvc; GraphvizShim.c says how each works.
// Every function here is called with the renderer's lock held: libgvc is not thread-safe.
#ifndef SCENEFLOW_GRAPHVIZ_SHIM_H
#define SCENEFLOW_GRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <stddef.h>
#include <stdio.h>

/// Installs the error sink and reports warnings as well as errors.
void sf_setup(void);

/// Forgets the messages collected so far.
void sf_messages_reset(void);

/// libcgraph's messages since the last reset.
const char *sf_messages_text(void);

/// stderr pointed at a temporary file while a render runs.
typedef struct {
    int saved;
    FILE *file;
} sf_capture;

sf_capture sf_capture_begin(void);

/// Restores stderr and copies what was written (at most size - 1 bytes) into buffer.
size_t sf_capture_end(sf_capture capture, char *buffer, size_t size);

/// A context with Graphviz's core renderers and layouts but no text-layout plugin; NULL when its plugins are not found.
GVC_t *sf_context_without_text_layout(void);

/// Parses DOT text into a graph whose IDs follow the order of first appearance. NULL on a syntax error.
Agraph_t *sf_read_graph(const char *text, size_t length, char *name);

/// Adds the `sfpng` device (cairo draws, SceneFlow writes the PNG) to a context.
void sf_add_png_device(GVC_t *context);

/// Hands over what the last PNG render wrote; the caller frees it. NULL when it failed.
unsigned char *sf_png_take(size_t *count);

/// Sets a graph attribute after reading, as if the DOT had said it (`size` for a PNG scaled to fit).
void sf_set_graph_attribute(Agraph_t *graph, const char *name, const char *value);

/// Renders with the length as size_t, whatever this Graphviz declares.
int sf_render(GVC_t *context, Agraph_t *graph, const char *format, char **result, size_t *length);

#endif
