//go:build cgo

// The parts of libslidetable written in C: the calling thread's last
// error message, and the names of the status codes, both in memory of
// this file (static, or allocated here for each thread), never the Go
// heap's.

#include <stdlib.h>
#include <string.h>

#include "slidetable.h"
#include "internal.h"

// message is a message kept for slidetable_error.
struct message {
	size_t len;
	char text[SLIDETABLE_INTERNAL_ERROR_MAX];
};

#ifdef _WIN32

static _Thread_local struct message last_message;

static struct message *last(int create) {
	(void)create;
	return &last_message;
}

#else

// Each thread's message is allocated on its first failure and freed when
// the thread ends. It is reached through a key, not a thread-local
// variable: the library's thread-local storage must stay small, since a
// library loaded with dlopen (by Python, say) gets little of it.
#include <pthread.h>

static pthread_key_t key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int have_key;

static void make_key(void) { have_key = pthread_key_create(&key, free) == 0; }

// last returns the calling thread's message; NULL if there is none yet and
// create is 0, or if it cannot be allocated.
static struct message *last(int create) {
	pthread_once(&once, make_key);
	if (!have_key) {
		return NULL;
	}
	struct message *m = pthread_getspecific(key);
	if (m == NULL && create) {
		m = calloc(1, sizeof *m);
		if (m != NULL && pthread_setspecific(key, m) != 0) {
			free(m);
			m = NULL;
		}
	}
	return m;
}

#endif

void slidetable_internal_set_error(const char *msg, size_t len) {
	struct message *m = last(1);
	if (m == NULL) {
		return; // out of memory: the status code says what happened
	}
	if (len >= sizeof m->text) {
		len = sizeof m->text - 1; // the Go side cuts long messages at a character's start first
	}
	memcpy(m->text, msg, len);
	m->text[len] = '\0';
	m->len = len;
}

int slidetable_error(char *buf, size_t cap, size_t *len) {
	const struct message *m = last(0);
	size_t have = m == NULL ? 0 : m->len;
	if (len != NULL) {
		*len = have;
	}
	if (buf == NULL) {
		return cap == 0 ? SLIDETABLE_ERR_TRUNCATED : SLIDETABLE_ERR_ARGUMENT;
	}
	if (cap == 0) {
		return SLIDETABLE_ERR_TRUNCATED;
	}
	size_t n = have < cap - 1 ? have : cap - 1;
	if (n > 0) {
		memcpy(buf, m->text, n);
	}
	buf[n] = '\0';
	return n < have ? SLIDETABLE_ERR_TRUNCATED : SLIDETABLE_OK;
}

int slidetable_abi_version(void) { return SLIDETABLE_ABI_VERSION; }

const char *slidetable_status_name(int status) {
	switch (status) {
	case SLIDETABLE_OK:
		return "ok";
	case SLIDETABLE_ERR_ARGUMENT:
		return "bad argument";
	case SLIDETABLE_ERR_HANDLE:
		return "not an open handle";
	case SLIDETABLE_ERR_TRUNCATED:
		return "buffer too small";
	case SLIDETABLE_ERR_INPUT:
		return "bad input";
	case SLIDETABLE_ERR_FILE:
		return "file cannot answer";
	case SLIDETABLE_ERR_MEMORY:
		return "not enough memory allowed";
	case SLIDETABLE_ERR_TIMEOUT:
		return "timed out";
	case SLIDETABLE_ERR_CANCELLED:
		return "cancelled";
	case SLIDETABLE_ERR_NOT_FOUND:
		return "no board found";
	case SLIDETABLE_ERR_INTERNAL:
		return "internal error";
	}
	return "unknown status";
}
