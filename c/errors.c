//go:build cgo

// The parts of libslidetable written in C: the calling thread's last
// error message, and the names of the status codes, both in memory of
// this file (static or thread-local), never the Go heap's.

#include <string.h>

#include "slidetable.h"
#include "internal.h"

// last is the message of the last call that failed on this thread.
static _Thread_local struct {
	size_t len;
	char msg[SLIDETABLE_INTERNAL_ERROR_MAX];
} last;

void slidetable_internal_set_error(const char *msg, size_t len) {
	if (len >= sizeof last.msg) {
		len = sizeof last.msg - 1; // the Go side cuts long messages at a character's start first
	}
	memcpy(last.msg, msg, len);
	last.msg[len] = '\0';
	last.len = len;
}

int slidetable_error(char *buf, size_t cap, size_t *len) {
	if (len != NULL) {
		*len = last.len;
	}
	if (buf == NULL) {
		return cap == 0 ? SLIDETABLE_ERR_TRUNCATED : SLIDETABLE_ERR_ARGUMENT;
	}
	if (cap == 0) {
		return SLIDETABLE_ERR_TRUNCATED;
	}
	size_t n = last.len < cap - 1 ? last.len : cap - 1;
	memcpy(buf, last.msg, n);
	buf[n] = '\0';
	return n < last.len ? SLIDETABLE_ERR_TRUNCATED : SLIDETABLE_OK;
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
