package table

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// Part of the file format; do not change.
const (
	magic          = "SLIDETBL"
	version        = 1
	schemeHalf     = 1 // rank.Index, depths in rank.Half slots, single-tile moves
	schemeMulti    = 2 // the same, multi-tile moves
	encodingBytes  = 1 // one byte a slot, zstd blocks
	fixedHeader    = 32
	blockSlots     = 1 << 22 // slots per block written by this version
	maxBlockSlots  = 1 << 26 // most slots per block a reader accepts
	maxDepthsField = 256
)

// header is the decoded header of a file.
type header struct {
	w, h, scheme, encoding int
	depths                 int
	blockSlots, blocks     int
	reachable              uint64
	goal                   []uint8
	counts                 []uint64
	blockLen, blockCRC     []uint32 // before the container
	setLen, setCRC         uint32   // before the container
	raw                    []byte   // the header's bytes, as read and checked
	// ch is the container's header, nil for a file before the container.
	ch *container.Header
}

func headerLen(n, depths, blocks int) int { return fixedHeader + n + 8*depths + 8*blocks + 12 }

// WriteTo writes the table to w in the file format described in the
// package documentation and returns the number of bytes written. It writes
// w in order, once, whatever w is. A table of records (11 and 12 cells)
// is coded twice, a few blocks at a time, first for the blocks' SHA-256s,
// which the header holds, then to write it; a smaller one is coded whole
// before it is written. A table read in place is read whole first (see
// Load).
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	if t.n == 0 {
		return 0, errZero
	}
	if err := t.Load(context.Background()); err != nil {
		return 0, err
	}
	return writeAll(context.Background(), w, t.source())
}

// writeAll writes the table of src to w in order, as records if it is to
// be read in place (see source.inPlace), else whole, stopping with ctx's
// error once ctx is done.
func writeAll(ctx context.Context, w io.Writer, src *source) (int64, error) {
	sh, mask, ok, err := src.inPlace(ctx)
	if err != nil {
		return 0, err
	}
	if ok {
		n, err := writeInPlace(ctx, w, src, sh, mask)
		if !errors.Is(err, errModel) {
			return n, err
		}
	}
	return writeWhole(ctx, w, src)
}

// writeWhole writes the table of src to w in order, whole (depth blocks
// and a reachable set), stopping with ctx's error once ctx is done.
func writeWhole(ctx context.Context, w io.Writer, src *source) (int64, error) {
	encoding, blocks, err := encodeDepths(ctx, src)
	if err != nil {
		return 0, err
	}
	setBytes, err := encodeSet(src.reach, src.boards(), src.n() > modelCells)
	if err != nil {
		return 0, err
	}
	var depths container.Blocks
	for _, b := range blocks {
		depths.Add(b)
	}
	hdr := src.wholeBox(encoding, depths, setBytes).Append(nil)
	return fileformat.WriteParts(ctx, w, append(append([][]byte{hdr}, blocks...), setBytes)...)
}

// compressBlocks compresses the depth slots of src in blocks of
// src.write.slotsPerBlock(), each an independent zstd frame, in parallel,
// until ctx is done.
func compressBlocks(ctx context.Context, src *source) ([][]byte, error) {
	slots, per := src.slots(), src.write.slotsPerBlock()
	nb := int((slots + per - 1) / per)
	out := make([][]byte, nb)
	err := parallel.For(ctx, 0, nb, func(i int) error {
		from := uint64(i) * per
		to := min(from+per, slots)
		out[i] = fileformat.Compress(src.depths(from, to, make([]uint8, to-from)))
		return nil
	})
	return out, err
}

// WriteFile writes the table to path atomically: to a temporary file in the
// same directory (unnamed, on Linux), which is synced and takes the name
// path only when complete. A large table is coded and written a few blocks
// at a time, without holding the coded table whole. If writing fails or
// ctx is done first, path is left as it was, nothing else remains, and the
// error names path (never the temporary file) and wraps ctx's error if
// that was the cause. If path exists and is not a regular file (a device,
// a FIFO, a directory), WriteFile refuses it, with an error wrapping
// ErrNotRegular, and leaves it untouched.
//
// It returns the file's content hash (see Table.ContentHash), read back
// from the temporary file before it takes the name path: the key of the
// proof record of exactly the bytes written (package source).
func WriteFile(ctx context.Context, path string, t *Table) ([sha256.Size]byte, error) {
	if t.n == 0 {
		return [sha256.Size]byte{}, fmt.Errorf("table: write %s: %w", path, errZero)
	}
	if err := t.Load(ctx); err != nil {
		return [sha256.Size]byte{}, fmt.Errorf("table: write %s: %w", path, err)
	}
	return writeFile(ctx, path, t.source())
}

// writeFile is WriteFile for the table of src: as records if it is to be
// read in place (see source.inPlace), else whole.
func writeFile(ctx context.Context, path string, src *source) (sum [sha256.Size]byte, err error) {
	err = atomicfile.WriteContext(ctx, path, 0o644, func(f *os.File) error {
		sh, mask, ok, err := src.inPlace(ctx)
		if err != nil {
			return err
		}
		if ok {
			var n int64
			n, err = writeInPlaceFile(ctx, f, src, sh, mask)
			if err == nil {
				sum, err = contentHash(f, n)
			}
			if !errors.Is(err, errModel) {
				return err
			}
		}
		n, err := int64(0), errModel
		if src.slots() > src.write.slotsPerBlock() {
			n, err = writeStream(ctx, f, src)
		}
		if errors.Is(err, errModel) {
			n, err = writeWhole(ctx, f, src)
		}
		if err == nil {
			sum, err = contentHash(f, n)
		}
		return err
	})
	var nr *atomicfile.NotRegularError
	if errors.As(err, &nr) {
		return sum, fmt.Errorf("%w: %s is %s", ErrNotRegular, nr.Path, nr.Kind)
	}
	if err != nil {
		return sum, fmt.Errorf("table: write %w", err)
	}
	return sum, nil
}

// contentHash returns the content hash of the table file of size bytes
// that r holds, as its reader computes it (see Table.ContentHash): the
// SHA-256 of its header, which it reads and checks as the reader does.
func contentHash(r io.ReaderAt, size int64) ([sha256.Size]byte, error) {
	ch, err := container.ReadHeader(r, size)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return ch.ContentHash(), nil
}

// OpenWith reads the table file at path, as NewReaderWith does, except
// that a file of records (written for boards of 11 and 12 cells) is
// read in place: OpenWith reads its header and the block of the goal,
// and a lookup reads the block of its board the first time one needs it,
// checking it against its SHA-256 before using any of it. The table then
// keeps the file open until Close, and takes memory only for the blocks
// read (see the package documentation). It refuses, with an error
// wrapping ErrNotRegular, a path that is not a regular file: a FIFO, say,
// would block it until something wrote to it, and a device has no size.
func OpenWith(path string, opts *ReadOptions) (*Table, error) {
	t, err := container.Read(path, func(o *container.Opened) (*Table, error) { return open(o, opts) })
	if nr := (*atomicfile.NotRegularError)(nil); errors.As(err, &nr) {
		return nil, fmt.Errorf("%w: %s is %s", ErrNotRegular, nr.Path, nr.Kind)
	}
	return t, err
}

// open reads the table of the open file o: a file of records opened by
// path in place (o kept: the table closes it), any other whole.
func open(o *container.Opened, opts *ReadOptions) (*Table, error) {
	layout, err := readLayout(o)
	if err != nil {
		return nil, err
	}
	r, size := o.ReaderAt(), o.Size()
	if layout == layoutWhole {
		h, err := headerOf(r, size, o.Header)
		if err != nil {
			return nil, err
		}
		return readWhole(r, size, h, opts)
	}
	return newReader2(r, size, o.Header, opts, o.Keep(), o.Name())
}

// NewReaderWith reads a table of size bytes from r. It checks the whole
// file (see the package documentation) and holds the table in memory; r
// is not used after it returns. A nil r is an error. Once the header is
// read, and before it allocates the table, it checks that what it will
// allocate fits in opts.MaxMemory, and fails with ErrMemory, naming the
// need and the limit, if it does not.
func NewReaderWith(r io.ReaderAt, size int64, opts *ReadOptions) (*Table, error) {
	o, err := container.NewOpened(r, size, "")
	if err != nil {
		return nil, err
	}
	return open(o, opts)
}

// readWhole reads the table of size bytes of r whose depths are read
// whole, and whose header is h.
func readWhole(r io.ReaderAt, size int64, h *header, opts *ReadOptions) (*Table, error) {
	n := h.w * h.h
	states := rank.Factorial(n)
	slots := states / 2
	if err := opts.check(board.Size{W: h.w, H: h.h}, readMemory(states, size)); err != nil {
		return nil, err
	}
	t := &Table{
		metric: metricOf(h.scheme),
		size:   board.Size{W: h.w, H: h.h},
		n:      uint64(n),
		counts: h.counts,
	}
	var err error
	if t.goal, err = container.Goal(t.size, h.goal); err != nil {
		return nil, err
	}

	// Read every section and check its checksum before decoding any.
	comp, setBytes, hash, err := h.readSections(r)
	if err != nil {
		return nil, err
	}
	t.hash = hash

	// The reachable set first: the blocks are checked against it.
	setBytes, err = fileformat.Decode(setBytes, maxSetBytes(states))
	if err != nil {
		return nil, fmt.Errorf("%w: reachable set: %w", ErrFormat, err)
	}
	var card uint64
	if t.reach, card, err = readSet(setBytes, states); err != nil {
		return nil, err
	}
	if card != h.reachable {
		return nil, fmt.Errorf("%w: reachable set holds %d boards, the header says %d", ErrFormat, card, h.reachable)
	}

	// The depth blocks, decoded and checked in parallel, each into its
	// place and no further (the memory limit also bounds the window a
	// frame may ask for, which is at least 1 KiB).
	t.depth = mem.Bytes(slots)
	dec, err := fileformat.NewDecoder(min(uint64(h.blockSlots), slots))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	err = parallel.For(context.Background(), 0, h.blocks, func(i int) error {
		return decodeBlock(t, h, i, comp[i], dec)
	})
	if err != nil {
		return nil, err
	}
	if err := t.checkAll(); err != nil {
		return nil, err
	}
	if d, ok := t.Lookup(rank.Index(t.goal.CellString())); !ok || d != 0 || t.counts[0] != 1 {
		return nil, fmt.Errorf("%w: the goal is not the one board at distance 0", ErrFormat)
	}
	if n <= CertifiedCells && !opts.uncertified() {
		if err := t.Certify(context.Background(), nil); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// readLegacySections reads the depth blocks and the reachable set of a
// file of version 1 whose header is h, each checked against its CRC-32C,
// and returns them with the file's content hash: the SHA-256 of the bytes
// read, which are the whole file, in order, and the only bytes the table
// is decoded from (see ContentHash).
func (h *header) readLegacySections(r io.ReaderAt) (comp [][]byte, set []byte, hash [32]byte, err error) {
	sum := sha256.New()
	sum.Write(h.raw)
	off := int64(len(h.raw))
	comp = make([][]byte, h.blocks)
	for i, l := range h.blockLen {
		comp[i] = make([]byte, l)
		if err := fileformat.ReadAt(r, comp[i], off, ErrFormat); err != nil {
			return nil, nil, hash, err
		}
		if fileformat.Checksum(comp[i]) != h.blockCRC[i] {
			return nil, nil, hash, fmt.Errorf("%w: block %d", ErrChecksum, i)
		}
		sum.Write(comp[i])
		off += int64(l)
	}
	set = make([]byte, h.setLen)
	if err := fileformat.ReadAt(r, set, off, ErrFormat); err != nil {
		return nil, nil, hash, err
	}
	if fileformat.Checksum(set) != h.setCRC {
		return nil, nil, hash, fmt.Errorf("%w: reachable set", ErrChecksum)
	}
	sum.Write(set)
	sum.Sum(hash[:0])
	return comp, set, hash, nil
}

// readHeader reads and checks the header of a file whose depths are read
// whole: of the container's layout whole, or of version 1.
func readHeader(r io.ReaderAt, size int64) (*header, error) {
	o, layout, err := opened(r, size)
	if err != nil {
		return nil, err
	}
	if layout != layoutWhole {
		return nil, fmt.Errorf("%w: the table's depths are records, read in place", ErrFormat)
	}
	return headerOf(r, size, o.Header)
}

// headerOf returns the header of a file whose depths are read whole: from
// ch, the container's header, or for a file before the container (ch
// nil), read as version 1.
func headerOf(r io.ReaderAt, size int64, ch *container.Header) (*header, error) {
	if ch != nil {
		return wholeHeader(ch)
	}
	return readLegacyHeader(r, size)
}

// readLegacyHeader reads and checks the header of a file of version 1,
// whose magic and version readVersion has checked, including that the
// lengths it gives add up to the file's size.
func readLegacyHeader(r io.ReaderAt, size int64) (*header, error) {
	var fixed [fixedHeader]byte
	le := binary.LittleEndian
	if size < fixedHeader {
		return nil, fmt.Errorf("%w: %d bytes is too short for a table file: %w", ErrFormat, size, io.ErrUnexpectedEOF)
	}
	if err := readFixed(r, fixed[:], version); err != nil {
		return nil, err
	}
	h := &header{
		w: int(fixed[10]), h: int(fixed[11]), scheme: int(fixed[12]), encoding: int(fixed[13]),
		depths:     int(le.Uint16(fixed[14:])),
		blockSlots: int(le.Uint32(fixed[16:])),
		blocks:     int(le.Uint32(fixed[20:])),
		reachable:  le.Uint64(fixed[24:]),
	}
	n := h.w * h.h
	if err := h.check(); err != nil {
		return nil, err
	}
	hl := headerLen(n, h.depths, h.blocks)
	if int64(hl) > size {
		return nil, fmt.Errorf("%w: header of %d bytes in a file of %d: %w", ErrFormat, hl, size, io.ErrUnexpectedEOF)
	}
	buf := make([]byte, hl)
	if err := fileformat.ReadAt(r, buf, 0, ErrFormat); err != nil {
		return nil, err
	}
	if fileformat.Checksum(buf[:hl-4]) != le.Uint32(buf[hl-4:]) {
		return nil, fmt.Errorf("%w: header", ErrChecksum)
	}
	// The fields above came from an earlier read of the first bytes: a
	// file that changed since would be decoded by fields it no longer has.
	if !bytes.Equal(buf[:fixedHeader], fixed[:]) {
		return nil, fmt.Errorf("%w: the header changed while it was read", ErrFormat)
	}
	h.raw = buf
	p := buf[fixedHeader:]
	h.goal = append([]uint8(nil), p[:n]...)
	p = p[n:]
	if err := h.setCounts(p); err != nil {
		return nil, err
	}
	p = p[8*h.depths:]
	h.blockLen = make([]uint32, h.blocks)
	h.blockCRC = make([]uint32, h.blocks)
	body := int64(hl)
	for i := range h.blocks {
		h.blockLen[i], h.blockCRC[i] = le.Uint32(p), le.Uint32(p[4:])
		body += int64(h.blockLen[i])
		p = p[8:]
	}
	h.setLen, h.setCRC = le.Uint32(p), le.Uint32(p[4:])
	if end := body + int64(h.setLen); end != size {
		if end > size {
			return nil, fmt.Errorf("%w: sections end at byte %d of a %d-byte file: %w", ErrFormat, end, size, io.ErrUnexpectedEOF)
		}
		return nil, fmt.Errorf("%w: sections end at byte %d of a %d-byte file", ErrFormat, end, size)
	}
	return h, nil
}

// schemeOf returns the index scheme of a table in the metric.
func schemeOf(m board.Metric) byte {
	if m == board.MultiTile {
		return schemeMulti
	}
	return schemeHalf
}

// metricOf returns the metric of a file's index scheme.
func metricOf(scheme int) board.Metric {
	if scheme == schemeMulti {
		return board.MultiTile
	}
	return board.SingleTile
}

// describeLegacy describes a file before the container from its header,
// and its content hash as its reader computes it: for version 2 from the
// header, for version 1 from the whole file, which it reads.
func describeLegacy(r io.ReaderAt, size int64) (container.Info, error) {
	v, err := readVersion(r, size)
	if err != nil {
		return container.Info{}, err
	}
	info := container.Info{Kind: container.Table, KindVersion: v, Bytes: size}
	if v == version2 {
		hd, err := readLegacyHeader2(r, size)
		if err != nil {
			return container.Info{}, err
		}
		info.Size, info.Metric, info.Goal, info.ContentHash = hd.goal.Size(), hd.metric, hd.goal, sha256.Sum256(hd.raw)
		info.Entries = rank.Factorial(hd.goal.Len()) / 2
		return info, nil
	}
	h, err := readLegacyHeader(r, size)
	if err != nil {
		return container.Info{}, err
	}
	info.Size, info.Metric, info.Entries = board.Size{W: h.w, H: h.h}, metricOf(h.scheme), h.reachable
	if info.Goal, err = container.Goal(info.Size, h.goal); err != nil {
		return container.Info{}, err
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, io.NewSectionReader(r, 0, size)); err != nil {
		return container.Info{}, err
	}
	sum.Sum(info.ContentHash[:0])
	return info, nil
}
