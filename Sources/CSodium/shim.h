#include <sodium.h>

/// crypto_pwhash_STRBYTES and the algorithm constant are macros Swift imports as values, but
/// the library's own accessors are the stable ABI: these wrappers keep Swift off the macros.
static inline size_t stays_pwhash_strbytes(void) { return crypto_pwhash_strbytes(); }
static inline int stays_pwhash_alg_argon2id13(void) { return crypto_pwhash_alg_argon2id13(); }
