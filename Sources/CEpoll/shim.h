#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <pthread.h>
#include <malloc.h>

// glibc declares this only under _GNU_SOURCE, which Swift's Glibc module is not built with.
extern int pthread_setname_np(pthread_t thread, const char *name);

/// Names the calling thread for the kernel (`top -H`, `/proc/PID/task/TID/comm`, perf):
/// at most 15 bytes are kept. Returns 0 or an errno value.
static inline int stays_name_current_thread(const char *name) {
    char truncated[16];
    int i = 0;
    for (; name[i] != '\0' && i < 15; i++) truncated[i] = name[i];
    truncated[i] = '\0';
    return pthread_setname_np(pthread_self(), truncated);
}

/// Returns the heap's free memory to the system (glibc's malloc_trim): glibc otherwise keeps
/// what a large free released. Returns 1 when memory was released.
static inline int stays_release_free_heap(void) {
    return malloc_trim(0);
}
