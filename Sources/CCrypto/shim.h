// OpenSSL's libcrypto (Debian: libssl-dev): SHA-256 through the EVP digest interface,
// one-shot HMAC, the DRBG behind RAND_bytes, CRYPTO_memcmp and the error queue. Only
// interfaces that OpenSSL 3 does not deprecate are used, so the build has no warnings.
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
