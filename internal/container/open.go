package container

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/internal/atomicfile"
)

// Opened is a file opened once, whose kind is known: its header read and
// checked (for a file of the container), or its magic that of a kind's
// format before it. A kind's decoder reads its payload from it (Codec.
// Decode), and keeps it if it reads it in place (Keep); whoever opened it
// closes it otherwise (Close).
type Opened struct {
	// Header is the file's header, read and checked once; nil for a file
	// of a kind's format before the container, whose decoder reads its
	// own header.
	Header *Header

	codec  *Codec
	legacy *Legacy // the format before the container, for Header nil
	r      io.ReaderAt
	size   int64
	name   string
	closer io.Closer // the file, if it was opened by path
	kept   bool
}

// Codec returns the codec of the file's kind.
func (o *Opened) Codec() *Codec { return o.codec }

// Kind returns the file's kind.
func (o *Opened) Kind() Kind { return o.codec.Kind }

// ReaderAt returns what reads the file's bytes.
func (o *Opened) ReaderAt() io.ReaderAt { return o.r }

// Size returns the length of the file.
func (o *Opened) Size() int64 { return o.size }

// Name returns the file's name for errors: its path, or "" for bytes.
func (o *Opened) Name() string { return o.name }

// Keep hands the file to the decoder, which reads it in place and closes
// it when its Value is closed: it returns what closes the file, nil for
// bytes read from a reader (NewOpened), which nothing needs to close.
// Whoever opened the file closes it no longer, unless the decoder fails.
func (o *Opened) Keep() io.Closer {
	o.kept = true
	return o.closer
}

// IsFile reports whether o was opened by path (OpenFile), so that a
// decoder may keep it and read it in place; bytes read from a reader
// (NewOpened) may be gone once the decoder returns.
func (o *Opened) IsFile() bool { return o.closer != nil }

// Want fails, wrapping ErrFormat, if the file is not of the kind k: for a
// kind's own reader, given a file of another kind.
func (o *Opened) Want(k Kind) error {
	if o.codec.Kind != k {
		return fmt.Errorf("%w: the file holds %s, not %s", ErrFormat, withArticle(o.codec.Name), withArticle(k.String()))
	}
	return nil
}

// withArticle returns name after "a" or "an".
func withArticle(name string) string {
	if name != "" && (name[0] == 'a' || name[0] == 'e' || name[0] == 'i' || name[0] == 'o' || name[0] == 'u') {
		return "an " + name
	}
	return "a " + name
}

// Close closes the file unless its decoder keeps it (Keep).
func (o *Opened) Close() error {
	if o.closer == nil || o.kept {
		return nil
	}
	return o.closer.Close()
}

// OpenFile opens the file at path and reads what kind it is, once: its
// first bytes, and for a file of the container its header, checked. It
// opens only regular files (a named pipe would block it, a device has no
// size): another path fails with an error wrapping an
// *atomicfile.NotRegularError. Errors name the path: those of reading its
// first bytes and its header as "open PATH: ...". The caller closes the
// file (Opened.Close), unless a decoder keeps it.
func OpenFile(path string) (*Opened, error) {
	if err := atomicfile.Check(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &atomicfile.NotRegularError{Path: path, Kind: "something else"} // replaced since it was checked
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	o, err := identify(f, fi.Size(), path)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	o.closer = f
	return o, nil
}

// NewOpened reads what kind the file of size bytes that r holds is, as
// OpenFile does; name names it in errors ("" for none).
func NewOpened(r io.ReaderAt, size int64, name string) (*Opened, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: no reader", ErrFormat)
	}
	return identify(r, size, name)
}

// identify reads the first bytes of the file of size bytes that r holds,
// and its header if it is of the container, and finds its kind's codec.
func identify(r io.ReaderAt, size int64, name string) (*Opened, error) {
	o := &Opened{r: r, size: size, name: name}
	var start [len(Magic)]byte
	if size < int64(len(start)) {
		return nil, fmt.Errorf("%w: %d bytes is too short for a slidetable file: %w", ErrFormat, max(size, 0), io.ErrUnexpectedEOF)
	}
	if err := readFull(r, start[:], 0); err != nil {
		return nil, err
	}
	if string(start[:]) != Magic {
		l, c, ok := codecOfLegacy(start[:])
		if !ok {
			return nil, fmt.Errorf("%w: %w", ErrFormat, errUnknown)
		}
		o.codec, o.legacy = c, &l
		return o, nil
	}
	h, err := ReadHeader(r, size)
	if err != nil {
		return nil, err
	}
	c, ok := CodecOf(h.Kind)
	switch {
	case !ok:
		return nil, fmt.Errorf("%w: %s, which this program does not read", ErrVersion, h.Kind)
	case h.KindVersion != c.Version:
		return nil, fmt.Errorf("%w: %s payload %d (this program reads %d)", ErrVersion, c.Name, h.KindVersion, c.Version)
	}
	o.codec, o.Header = c, h
	return o, nil
}

// errUnknown reports a file of no format a kind registered.
var errUnknown = errors.New("not a slidetable file: no kind of file this program reads starts so")

// Decode reads the open file o into its Value, by its kind's codec.
func Decode(o *Opened, opts *ReadOptions) (Value, error) {
	v, err := o.codec.Decode(o, opts)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Read opens the file at path once (OpenFile), hands it to decode, and
// closes it unless decode kept it (Opened.Keep) and succeeded. Errors of
// reading the file, as OpenFile's, are prefixed with "open PATH: ".
func Read[T any](path string, decode func(*Opened) (T, error)) (T, error) {
	var zero T
	o, err := OpenFile(path)
	if err != nil {
		return zero, err
	}
	v, err := decode(o)
	if err != nil {
		if o.closer != nil {
			o.closer.Close()
		}
		return zero, fmt.Errorf("open %s: %w", path, err)
	}
	if err := o.Close(); err != nil {
		return zero, fmt.Errorf("close %s: %w", path, err)
	}
	return v, nil
}

// Open reads the file at path, of any kind registered, into its Value:
// the file is opened once, its header read once, and handed to its
// kind's decoder (see Read).
func Open(path string, opts *ReadOptions) (Value, error) {
	return Read(path, func(o *Opened) (Value, error) { return Decode(o, opts) })
}

// NewReader reads the file of size bytes that r holds, of any kind
// registered, into its Value, as Open does.
func NewReader(r io.ReaderAt, size int64, opts *ReadOptions) (Value, error) {
	o, err := NewOpened(r, size, "")
	if err != nil {
		return nil, err
	}
	return Decode(o, opts)
}
