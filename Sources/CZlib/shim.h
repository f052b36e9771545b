#include <zlib.h>

/// deflateInit2 and inflateInit2 are macros (they pass the library version and the stream's
/// size), which Swift cannot call: these wrappers ask for the gzip wrapper (window bits + 16).
static inline int stays_deflate_init_gzip(z_streamp stream, int level, int window_bits, int mem_level) {
    return deflateInit2(stream, level, Z_DEFLATED, window_bits + 16, mem_level, Z_DEFAULT_STRATEGY);
}

static inline int stays_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 15 + 16);
}
