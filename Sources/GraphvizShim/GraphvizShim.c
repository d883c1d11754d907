// The small C layer SceneFlow needs around libgvc (declared in include/GraphvizShim.h):
// - reading DOT from memory through a discipline of our own (agmemread cannot take one);
// - an ID discipline that numbers names in the order they are first seen, so layouts do not depend on
//   string addresses (which differ between renders in one process) and output is repeatable;
// - an error sink that collects libcgraph's messages instead of printing them;
// - what plugins print to stderr themselves, collected while a render runs;
// - a context without Pango's text measurement, and a PNG device that writes fast;
// - gvRenderData's length, which is `unsigned int *` in Graphviz 2.x and `size_t *` later.
// Every function here is called with the renderer's lock held: libgvc is not thread-safe.
#include "GraphvizShim.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dlfcn.h>
#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_device.h>
#include <zlib.h>

// MARK: - Reading from memory

typedef struct {
    const char *data;
    size_t length;
    size_t offset;
} sf_reader;

// Hands the parser one line at a time, as Graphviz's own memory reader does.
static int sf_read(void *channel, char *buffer, int size) {
    sf_reader *reader = (sf_reader *)channel;
    if (size <= 0 || reader->offset >= reader->length) return 0;
    int count = 0;
    char c;
    do {
        c = reader->data[reader->offset++];
        buffer[count++] = c;
    } while (c != '\n' && count < size && reader->offset < reader->length);
    return count;
}

// MARK: - Sequential IDs

typedef struct {
    char **names;      // names[i] is the name with ID 2 * (i + 1)
    size_t count;
    size_t capacity;
    size_t *slots;     // open-addressing hash table of name indices + 1 (0: empty)
    size_t slotCount;  // a power of two, at least twice `count`
    unsigned long anonymous;  // odd IDs for anonymous objects, per graph rather than per process
} sf_ids;

static void *sf_id_open(Agraph_t *graph, Agdisc_t *discipline) {
    (void)graph;
    (void)discipline;
    sf_ids *ids = (sf_ids *)calloc(1, sizeof(sf_ids));
    if (ids) ids->anonymous = 1;
    return ids;
}

// FNV-1a: names are short; any even spread will do.
static size_t sf_hash(const char *name) {
    size_t hash = (size_t)14695981039346656037ULL;
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        hash ^= *c;
        hash *= (size_t)1099511628211ULL;
    }
    return hash;
}

// The slot holding `name`, or the empty slot where it would go.
static size_t sf_slot(const sf_ids *ids, const char *name) {
    size_t mask = ids->slotCount - 1;
    size_t slot = sf_hash(name) & mask;
    while (ids->slots[slot] != 0 && strcmp(ids->names[ids->slots[slot] - 1], name) != 0) {
        slot = (slot + 1) & mask;
    }
    return slot;
}

static int sf_grow_slots(sf_ids *ids) {
    size_t slotCount = ids->slotCount ? ids->slotCount * 2 : 128;
    size_t *slots = (size_t *)calloc(slotCount, sizeof(size_t));
    if (!slots) return 0;
    free(ids->slots);
    ids->slots = slots;
    ids->slotCount = slotCount;
    for (size_t i = 0; i < ids->count; i++) ids->slots[sf_slot(ids, ids->names[i])] = i + 1;
    return 1;
}

static long sf_id_map(void *state, int type, char *name, IDTYPE *id, int create) {
    (void)type;
    sf_ids *ids = (sf_ids *)state;
    if (!ids) return 0;
    if (!name) {
        *id = ids->anonymous;
        ids->anonymous += 2;
        return 1;
    }
    if (ids->slotCount == 0 && !sf_grow_slots(ids)) return 0;
    size_t slot = sf_slot(ids, name);
    if (ids->slots[slot] != 0) {
        *id = (IDTYPE)(2 * ids->slots[slot]);
        return 1;
    }
    if (!create) return 0;
    if (ids->count == ids->capacity) {
        size_t capacity = ids->capacity ? ids->capacity * 2 : 64;
        char **names = (char **)realloc(ids->names, capacity * sizeof(char *));
        if (!names) return 0;
        ids->names = names;
        ids->capacity = capacity;
    }
    char *copy = strdup(name);
    if (!copy) return 0;
    ids->names[ids->count++] = copy;
    if (ids->count * 2 > ids->slotCount) {
        if (!sf_grow_slots(ids)) return 0;
    } else {
        ids->slots[slot] = ids->count;
    }
    *id = (IDTYPE)(2 * ids->count);
    return 1;
}

static long sf_id_alloc(void *state, int type, IDTYPE request) {
    (void)state; (void)type; (void)request;
    return 0;
}

static void sf_id_free(void *state, int type, IDTYPE id) {
    (void)state; (void)type; (void)id;  // names are freed when the graph closes
}

static char *sf_id_print(void *state, int type, IDTYPE id) {
    (void)type;
    sf_ids *ids = (sf_ids *)state;
    if (!ids || id % 2 != 0) return NULL;
    size_t index = (size_t)(id / 2) - 1;
    return index < ids->count ? ids->names[index] : NULL;
}

static void sf_id_close(void *state) {
    sf_ids *ids = (sf_ids *)state;
    if (!ids) return;
    for (size_t i = 0; i < ids->count; i++) free(ids->names[i]);
    free(ids->names);
    free(ids->slots);
    free(ids);
}

static void sf_id_register(void *state, int type, void *object) {
    (void)state; (void)type; (void)object;
}

// MARK: - Errors

typedef struct {
    char text[16384];
    size_t length;
} sf_message_buffer;

static inline sf_message_buffer *sf_messages(void) {
    static sf_message_buffer buffer;
    return &buffer;
}

// Messages arrive in pieces; they are appended, and cut off when the buffer is full.
static int sf_collect(char *text) {
    sf_message_buffer *buffer = sf_messages();
    size_t length = strlen(text);
    size_t room = sizeof(buffer->text) - 1 - buffer->length;
    if (length > room) length = room;
    memcpy(buffer->text + buffer->length, text, length);
    buffer->length += length;
    buffer->text[buffer->length] = '\0';
    return 0;
}

void sf_messages_reset(void) {
    sf_message_buffer *buffer = sf_messages();
    buffer->length = 0;
    buffer->text[0] = '\0';
    agreseterrors();
}

const char *sf_messages_text(void) { return sf_messages()->text; }

// MARK: - Capturing stderr

// Some plugins print straight to stderr (cairo: "graph is too large for cairo-renderer bitmaps"). While a
// render runs, file descriptor 2 points at a temporary file, whose text is returned as warnings.
sf_capture sf_capture_begin(void) {
    sf_capture capture = {-1, NULL};
    fflush(NULL);
    capture.file = tmpfile();
    if (!capture.file) return capture;
    capture.saved = dup(STDERR_FILENO);
    if (capture.saved < 0 || dup2(fileno(capture.file), STDERR_FILENO) < 0) {
        if (capture.saved >= 0) close(capture.saved);
        fclose(capture.file);
        capture.saved = -1;
        capture.file = NULL;
    }
    return capture;
}

/// Restores stderr and copies what was written (at most size - 1 bytes) into buffer.
size_t sf_capture_end(sf_capture capture, char *buffer, size_t size) {
    size_t count = 0;
    fflush(NULL);
    if (capture.saved >= 0) {
        dup2(capture.saved, STDERR_FILENO);
        close(capture.saved);
    }
    if (capture.file) {
        rewind(capture.file);
        count = fread(buffer, 1, size - 1, capture.file);
        fclose(capture.file);
    }
    buffer[count] = '\0';
    return count;
}

// MARK: - Entry points

// Exported by libcgraph but not declared in its public header: flushes the lexer's input buffer.
extern void aglexbad(void);

// MARK: - A context that does not measure text

// A context with Graphviz's core renderers (SVG, DOT) and its layouts, but no text-layout plugin: labels are
// sized from Graphviz's built-in font metrics instead of Pango. For drawings whose boxes SceneFlow sized itself
// (the sequence diagram), this skips the most expensive part of rendering big diagrams. The plugins are found
// beside libgvc, as Graphviz itself finds them; NULL when they are not there (then the usual context serves).
GVC_t *sf_context_without_text_layout(void) {
    char folder[4096] = {0};
#if defined(__APPLE__)
    Dl_info info;
    if (!dladdr((void *)gvContext, &info) || !info.dli_fname) return NULL;
    strncpy(folder, info.dli_fname, sizeof folder - 1);
#else
    // Where libgvc was loaded from, as the process's memory map says (dladdr would need _GNU_SOURCE, which must
    // not differ between the modules that include the system headers).
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return NULL;
    char line[4608];
    while (fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (path && strstr(path, "/libgvc.so")) {
            path[strcspn(path, "\n")] = 0;
            strncpy(folder, path, sizeof folder - 1);
            break;
        }
    }
    fclose(maps);
    if (!folder[0]) return NULL;
#endif
    char *slash = strrchr(folder, '/');
    if (!slash) return NULL;
    *slash = 0;
    static const char *plugins[] = {"core", "neato_layout", "dot_layout"};
    static const char *suffixes[] = {".so.6", ".so", ".6.dylib", ".dylib"};
    static lt_symlist_t symbols[4];
    static char names[3][64];
    for (int i = 0; i < 3; i++) {
        void *handle = NULL;
        for (int s = 0; s < 4 && !handle; s++) {
            char path[4400];
            snprintf(path, sizeof path, "%s/graphviz/libgvplugin_%s%s", folder, plugins[i], suffixes[s]);
            handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        }
        if (!handle) return NULL;
        snprintf(names[i], sizeof names[i], "gvplugin_%s_LTX_library", plugins[i]);
        void *library = dlsym(handle, names[i]);
        if (!library) return NULL;
        symbols[i].name = names[i];
        symbols[i].address = library;
    }
    symbols[3].name = NULL;
    symbols[3].address = NULL;
    return gvContextPlugins(symbols, 0);
}

void sf_setup(void) {
    agseterrf(sf_collect);
    agseterr(AGWARN);
}

/// Parses DOT text into a graph whose IDs follow the order of first appearance. NULL on a syntax error.
Agraph_t *sf_read_graph(const char *text, size_t length, char *name) {
    static Agiddisc_t ids = {sf_id_open, sf_id_map, sf_id_alloc, sf_id_free, sf_id_print, sf_id_close, sf_id_register};
    static Agiodisc_t io;
    static Agdisc_t discipline;
    io.afread = sf_read;
    io.putstr = AgIoDisc.putstr;
    io.flush = AgIoDisc.flush;
    discipline.mem = &AgMemDisc;
    discipline.id = &ids;
    discipline.io = &io;
    sf_reader reader = {text, length, 0};
    // The lexer is global: drop input left from the previous graph and restart its line count.
    aglexbad();
    agsetfile(name);
    return agconcat(NULL, &reader, &discipline);
}

// MARK: - PNG written with one row filter

// Cairo draws the picture; this device writes its pixels as a PNG. Cairo's own writer (the `png` device) lets
// libpng try all five row filters on every row at zlib's default level: for a big diagram that takes several
// times longer than drawing it. A diagram is flat colour on white, which deflate packs well unfiltered, so this
// writer keeps rows as they are, at a fast level, and writes 24-bit RGB when every pixel is opaque.
// The bytes go to `sf_png_output()` (the renderer's lock is held), not through Graphviz's writer.

typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
    int failed;
} sf_buffer;

// One buffer per process.
static sf_buffer *sf_png_output(void) {
    static sf_buffer buffer;
    return &buffer;
}

static void sf_buffer_append(sf_buffer *buffer, const void *bytes, size_t count) {
    if (buffer->failed) return;
    if (buffer->count + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->count + count) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(buffer->bytes, capacity);
        if (!grown) { buffer->failed = 1; return; }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->count, bytes, count);
    buffer->count += count;
}

static void sf_put32(unsigned char *at, unsigned long value) {
    at[0] = (unsigned char)(value >> 24); at[1] = (unsigned char)(value >> 16);
    at[2] = (unsigned char)(value >> 8); at[3] = (unsigned char)value;
}

static void sf_png_chunk(sf_buffer *buffer, const char *type, const unsigned char *data, size_t count) {
    unsigned char head[8];
    sf_put32(head, (unsigned long)count);
    memcpy(head + 4, type, 4);
    sf_buffer_append(buffer, head, 8);
    if (count) sf_buffer_append(buffer, data, count);
    unsigned long crc = crc32(0L, (const Bytef *)type, 4);
    if (count) crc = crc32(crc, (const Bytef *)data, (uInt)count);
    unsigned char tail[4];
    sf_put32(tail, crc);
    sf_buffer_append(buffer, tail, 4);
}

static void sf_png_format(GVJ_t *job) {
    sf_buffer *out = sf_png_output();
    out->count = 0;
    out->failed = 0;
    const unsigned int *pixels = (const unsigned int *)job->imagedata;
    size_t width = job->width, height = job->height;
    if (!pixels || width == 0 || height == 0) { out->failed = 1; return; }
    // Cairo's ARGB32: native-endian words, colour premultiplied by alpha.
    int opaque = 1;
    for (size_t i = 0; i < width * height && opaque; i++) opaque = (pixels[i] >> 24) == 0xff;
    size_t channels = opaque ? 3 : 4;
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    sf_buffer_append(out, signature, 8);
    unsigned char header[13];
    sf_put32(header, (unsigned long)width);
    sf_put32(header + 4, (unsigned long)height);
    header[8] = 8;                        // bits per channel
    header[9] = opaque ? 2 : 6;           // RGB or RGBA
    header[10] = header[11] = header[12] = 0;
    sf_png_chunk(out, "IHDR", header, 13);
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (deflateInit(&stream, 1) != Z_OK) { out->failed = 1; return; }
    size_t rowSize = 1 + width * channels;
    unsigned char *row = (unsigned char *)malloc(rowSize);
    unsigned char *chunk = (unsigned char *)malloc(1 << 20);
    if (!row || !chunk) { free(row); free(chunk); deflateEnd(&stream); out->failed = 1; return; }
    for (size_t y = 0; y <= height && !out->failed; y++) {
        int finish = y == height;
        if (!finish) {
            row[0] = 0;  // filter: none
            const unsigned int *source = pixels + y * width;
            unsigned char *target = row + 1;
            for (size_t x = 0; x < width; x++) {
                unsigned int pixel = source[x];
                unsigned int a = pixel >> 24, r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
                if (!opaque) {
                    if (a == 0) { r = g = b = 0; }
                    else if (a < 0xff) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
                    target[3] = (unsigned char)a;
                }
                target[0] = (unsigned char)r; target[1] = (unsigned char)g; target[2] = (unsigned char)b;
                target += channels;
            }
            stream.next_in = row;
            stream.avail_in = (uInt)rowSize;
        }
        do {
            stream.next_out = chunk;
            stream.avail_out = 1 << 20;
            int status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH);
            if (status == Z_STREAM_ERROR) { out->failed = 1; break; }
            size_t produced = (1 << 20) - stream.avail_out;
            if (produced) sf_png_chunk(out, "IDAT", chunk, produced);
        } while (stream.avail_out == 0 && !out->failed);
    }
    deflateEnd(&stream);
    free(row);
    free(chunk);
    sf_png_chunk(out, "IEND", NULL, 0);
}

/// Hands over what the last PNG render wrote; the caller frees it. NULL when it failed.
unsigned char *sf_png_take(size_t *count) {
    sf_buffer *out = sf_png_output();
    unsigned char *bytes = out->failed ? NULL : out->bytes;
    if (!bytes) free(out->bytes);
    *count = out->count;
    out->bytes = NULL;
    out->count = out->capacity = 0;
    out->failed = 0;
    return bytes;
}

/// Adds the `sfpng` device (cairo draws, SceneFlow writes the PNG) to a context.
void sf_add_png_device(GVC_t *context) {
    static gvdevice_engine_t engine = {NULL, sf_png_format, NULL};
    static gvdevice_features_t features = {GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR, {0., 0.}, {0., 0.}, {96., 96.}};
    static gvplugin_installed_t types[] = {{0, "sfpng:cairo", 10, &engine, &features}, {0, NULL, 0, NULL, NULL}};
    static gvplugin_api_t apis[] = {{API_device, types}, {(api_t)0, NULL}};
    static gvplugin_library_t library = {"sceneflow", apis};
    gvAddLibrary(context, &library);
}

/// Sets a graph attribute after reading, as if the DOT had said it (`size` for a PNG scaled to fit).
void sf_set_graph_attribute(Agraph_t *graph, const char *name, const char *value) {
    agsafeset(graph, (char *)name, (char *)value, (char *)"");
}

/// Renders with the length as size_t, whatever this Graphviz declares.
int sf_render(GVC_t *context, Agraph_t *graph, const char *format, char **result, size_t *length) {
    unsigned int size = 0;
    int status = gvRenderData(context, graph, format, result, &size);
    *length = size;
    return status;
}
