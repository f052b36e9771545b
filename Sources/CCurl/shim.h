#include <curl/curl.h>

/// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
/// wrapper per kind of argument.
static inline CURLcode stays_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode stays_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode stays_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode stays_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*stays_curl_data_callback)(char *buffer, size_t size, size_t count, void *context);
static inline CURLcode stays_curl_setopt_data_callback(CURL *handle, CURLoption option, stays_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}
typedef curl_socket_t (*stays_curl_opensocket_callback)(void *context, curlsocktype purpose, struct curl_sockaddr *address);
static inline CURLcode stays_curl_setopt_opensocket(CURL *handle, stays_curl_opensocket_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, callback);
}
static inline CURLcode stays_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
