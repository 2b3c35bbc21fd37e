package container

import (
	"encoding/binary"
	"fmt"
)

// Fields reads the fields of a header, or of a kind's parameters, in
// order, little-endian. A read past the end returns zeros and records the
// error, which Err and Done return: a caller reads every field, then
// checks once.
type Fields struct {
	b    []byte
	off  int
	what string // "header", "parameters": in errors
	err  error
}

// NewFields returns the reader of the fields of b, called what in errors,
// which wrap ErrFormat.
func NewFields(b []byte, what string) *Fields {
	return &Fields{b: b, what: what}
}

// ParamFields returns the reader of the kind's parameters of h, whose errors
// wrap ErrFormat.
func (h *Header) ParamFields() *Fields {
	return NewFields(h.Params, "parameters")
}

// Bytes returns the next n bytes, or nil once the fields end first.
func (f *Fields) Bytes(n int) []byte {
	if f.err != nil {
		return nil
	}
	if n < 0 || n > len(f.b)-f.off {
		f.err = fmt.Errorf("%w: the %s end at byte %d, before the %d bytes at %d", ErrFormat, f.what, len(f.b), n, f.off)
		return nil
	}
	f.off += n
	return f.b[f.off-n : f.off : f.off]
}

// Uint8 returns the next byte.
func (f *Fields) Uint8() uint8 {
	if b := f.Bytes(1); b != nil {
		return b[0]
	}
	return 0
}

// Uint16 returns the next 2 bytes.
func (f *Fields) Uint16() uint16 {
	if b := f.Bytes(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

// Uint32 returns the next 4 bytes.
func (f *Fields) Uint32() uint32 {
	if b := f.Bytes(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

// Uint64 returns the next 8 bytes.
func (f *Fields) Uint64() uint64 {
	if b := f.Bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// Left returns the bytes not read yet.
func (f *Fields) Left() int { return len(f.b) - f.off }

// Err returns the error of the first read past the end, or nil.
func (f *Fields) Err() error { return f.err }

// Done returns Err, or an error if bytes are left unread.
func (f *Fields) Done() error {
	if f.err == nil && f.off != len(f.b) {
		f.err = fmt.Errorf("%w: %d bytes after the last of the %s", ErrFormat, len(f.b)-f.off, f.what)
	}
	return f.err
}
