// Package atomicfile writes a file so that it appears whole or not at all:
// to a temporary file in the same directory that takes the file's name
// only once complete. On Linux the temporary file is unnamed (O_TMPFILE),
// so a process killed while writing leaves nothing behind; elsewhere, or
// where the file system has no unnamed files, it is a hidden file beside
// the target, removed if writing fails. Errors name the target, never the
// temporary file.
//
// A target that exists must be a regular file: a device, a FIFO or a
// directory is refused with ErrNotRegular and left untouched.
package atomicfile
