// internal.h declares what the Go side of libslidetable calls in
// errors.c; it is not part of the interface (slidetable.h is).

#include <stddef.h>
#include <stdint.h>

// SLIDETABLE_INTERNAL_ERROR_MAX bounds a message kept for slidetable_error,
// its NUL included.
#define SLIDETABLE_INTERNAL_ERROR_MAX 2048

#if defined(__GNUC__) && !defined(_WIN32)
#define SLIDETABLE_INTERNAL __attribute__((visibility("hidden")))
#else
#define SLIDETABLE_INTERNAL
#endif

// slidetable_internal_set_error sets the calling thread's last error to
// the len bytes at msg.
SLIDETABLE_INTERNAL void slidetable_internal_set_error(const char *msg, size_t len);

// Types that let cgo write the exported functions' prototypes as
// slidetable.h declares them, so that the compiler checks the two agree.
typedef const char slidetable_internal_cchar;
typedef const uint8_t slidetable_internal_cuint8;
