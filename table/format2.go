package table

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"os"
	"runtime"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// This file holds tables as records, the layout of tables of 11 and 12
// cells read in place (see "Records" in the package documentation): the
// header of version 2, written before the container, and its reader;
// newReader2, which reads a table of records from either that header or
// the container's; and the writer that codes a table as records (inPlace
// decides whether it can, writeInPlace and writeInPlaceFile write it,
// blockSums hashes its blocks), with pool, the buffers of its loops.
// Tables read whole (version 1) and the opening of every table file are
// format.go's; the container's headers of both layouts, box.go's.

// inPlaceCells is the fewest cells of a board whose table the writer
// writes as records, read in place; smaller tables are written whole,
// compressed.
const inPlaceCells = 11

// header2 is the decoded header of a file of records.
type header2 struct {
	shape  *recShape
	metric board.Metric
	goal   board.Board
	mask   uint64
	counts []uint64
	sums   []byte
	raw    []byte // the header's bytes, of which the content hash is
	offset int64  // of the first block
	// ch is the container's header, nil for a file before the container.
	ch *container.Header
}

// headerLen2 returns the length of the header of a file of version 2:
// from the magic to the header's checksum.
func headerLen2(n, depths int, blocks uint64) uint64 {
	return fixedHeader + uint64(n) + 2 + 8*uint64(depths) + sumSize*blocks + 4
}

// recordOffset returns where the records start in a file of version 2
// whose header takes hl bytes: at the next multiple of 4096.
func recordOffset(hl uint64) uint64 { return (hl + recordAlign - 1) &^ (recordAlign - 1) }

// readVersion reads the magic and the format version of a file, and
// fails with ErrVersion for a version this package does not read.
func readVersion(r io.ReaderAt, size int64) (int, error) {
	if size < 10 {
		return 0, fmt.Errorf("%w: %d bytes is too short for a table file: %w", ErrFormat, max(size, 0), io.ErrUnexpectedEOF)
	}
	var b [10]byte
	if err := fileformat.ReadAt(r, b[:], 0, ErrFormat); err != nil {
		return 0, err
	}
	if string(b[:8]) != magic {
		return 0, fmt.Errorf("%w: not a table file (no %q at the start)", ErrFormat, magic)
	}
	v := int(binary.LittleEndian.Uint16(b[8:]))
	if v != version && v != version2 {
		return 0, fmt.Errorf("%w: version %d (this program reads versions %d and %d)", ErrVersion, v, version, version2)
	}
	return v, nil
}

// readFixed reads the first bytes of a file, len(b), whose version
// readVersion read as v: they must still say so, or the file changed
// while it was read.
func readFixed(r io.ReaderAt, b []byte, v int) error {
	if err := fileformat.ReadAt(r, b, 0, ErrFormat); err != nil {
		return err
	}
	if string(b[:8]) != magic || int(binary.LittleEndian.Uint16(b[8:])) != v {
		return fmt.Errorf("%w: the header changed while it was read", ErrFormat)
	}
	return nil
}

// readHeader2 reads and checks the header of a file of records: of the
// container's layout of records, or of version 2.
func readHeader2(r io.ReaderAt, size int64) (*header2, error) {
	o, layout, err := opened(r, size)
	if err != nil {
		return nil, err
	}
	if layout != layoutRecords {
		return nil, fmt.Errorf("%w: the table's depths are read whole", ErrFormat)
	}
	return header2Of(r, size, o.Header)
}

// header2Of returns the header of a file of records: from ch, the
// container's header, or for a file before the container (ch nil), read
// as version 2.
func header2Of(r io.ReaderAt, size int64, ch *container.Header) (*header2, error) {
	if ch != nil {
		return recordsHeader(ch)
	}
	return readLegacyHeader2(r, size)
}

// readLegacyHeader2 reads and checks the header of a file of version 2,
// and that the records it describes fill the rest of the file exactly. It
// allocates only the header, once its length fits in the file.
func readLegacyHeader2(r io.ReaderAt, size int64) (*header2, error) {
	if size < fixedHeader {
		return nil, fmt.Errorf("%w: %d bytes is too short for a table file: %w", ErrFormat, size, io.ErrUnexpectedEOF)
	}
	var fixed [fixedHeader]byte
	if err := readFixed(r, fixed[:], version2); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	w, h, scheme, fbits := int(fixed[10]), int(fixed[11]), int(fixed[12]), uint(fixed[13])
	depths, shift := int(le.Uint16(fixed[14:])), uint(fixed[16])
	blocks, reachable := uint64(le.Uint32(fixed[20:])), le.Uint64(fixed[24:])
	n := w * h
	metric := metricOf(scheme)
	switch {
	case w < 2 || h < 2 || n > MaxCells:
		return nil, fmt.Errorf("%w: size %dx%d", ErrFormat, w, h)
	case scheme != schemeHalf && scheme != schemeMulti:
		return nil, fmt.Errorf("%w: index scheme %d (this program reads schemes %d and %d)", ErrVersion, scheme, schemeHalf, schemeMulti)
	case depths < 1 || depths > maxDepthsField-1:
		return nil, fmt.Errorf("%w: %d distances", ErrFormat, depths)
	case fbits != firstBits(metric, depths):
		return nil, fmt.Errorf("%w: %d bits of a row's first depth, want %d for %d distances", ErrFormat, fbits, firstBits(metric, depths), depths)
	case shift < minGroupShift || shift > maxGroupShift:
		return nil, fmt.Errorf("%w: 2^%d slot groups a block", ErrFormat, shift)
	case fixed[17]|fixed[18]|fixed[19] != 0:
		return nil, fmt.Errorf("%w: bytes 17 to 19 are not zero", ErrFormat)
	case reachable != rank.Factorial(n)/2:
		return nil, fmt.Errorf("%w: %d boards reach the goal, want one of each of the %d slots", ErrFormat, reachable, rank.Factorial(n)/2)
	}
	groups := rank.Factorial(n-1) / 2
	if want := (groups + 1<<shift - 1) >> shift; blocks != want {
		return nil, fmt.Errorf("%w: %d blocks, want %d", ErrFormat, blocks, want)
	}
	hl := headerLen2(n, depths, blocks)
	if hl > uint64(size) {
		return nil, fmt.Errorf("%w: header of %d bytes in a file of %d: %w", ErrFormat, hl, size, io.ErrUnexpectedEOF)
	}
	raw := make([]byte, hl)
	if err := fileformat.ReadAt(r, raw, 0, ErrFormat); err != nil {
		return nil, err
	}
	if fileformat.Checksum(raw[:hl-4]) != le.Uint32(raw[hl-4:]) {
		return nil, fmt.Errorf("%w: header", ErrChecksum)
	}
	// The fields above came from an earlier read: a file that changed
	// since would be read by fields it no longer has.
	if !bytes.Equal(raw[:fixedHeader], fixed[:]) {
		return nil, fmt.Errorf("%w: the header changed while it was read", ErrFormat)
	}
	hd := &header2{metric: metric, raw: raw}
	if err := hd.parse(board.Size{W: w, H: h}, depths, reachable, blocks); err != nil {
		return nil, err
	}
	hd.shape = newRecShape(hd.goal.Size(), hd.goal.Blank(), metric, depths, shift, recordBlockBits)
	return hd, hd.checkSize(r, size)
}

// parse reads the goal, the mask, the counts and the SHA-256s from the
// header's bytes, whose length fits them.
func (hd *header2) parse(size board.Size, depths int, reachable, blocks uint64) error {
	n := size.Cells()
	p := hd.raw[fixedHeader:]
	var err error
	if hd.goal, err = container.Goal(size, p[:n]); err != nil {
		return err
	}
	if err := hd.setMask(uint64(binary.LittleEndian.Uint16(p[n:]))); err != nil {
		return err
	}
	p = p[n+2:]
	if err := hd.setCounts(p[:8*depths], reachable); err != nil {
		return err
	}
	hd.sums = p[8*depths : 8*uint64(depths)+sumSize*blocks]
	return nil
}

// setMask sets the mask of the reachable set, which has a bit for each
// cell of the goal's board and no others.
func (hd *header2) setMask(mask uint64) error {
	hd.mask = mask
	if n := hd.goal.Len(); hd.mask>>n != 0 {
		return fmt.Errorf("%w: reachable set mask %#x has bits beyond cell %d", ErrFormat, hd.mask, n-1)
	}
	return nil
}

// setCounts sets the counts from b, 8 bytes each: they must add up to
// the boards that reach the goal, with one board at distance 0 and some
// at the largest.
func (hd *header2) setCounts(b []byte, reachable uint64) error {
	depths := len(b) / 8
	hd.counts = make([]uint64, depths)
	var sum, carry uint64
	for d := range hd.counts {
		hd.counts[d] = binary.LittleEndian.Uint64(b[8*d:])
		sum, carry = bits.Add64(sum, hd.counts[d], carry)
	}
	switch {
	case carry != 0 || sum != reachable:
		return fmt.Errorf("%w: counts do not add up to the %d boards that reach the goal", ErrFormat, reachable)
	case hd.counts[0] != 1:
		return fmt.Errorf("%w: %d boards at distance 0", ErrFormat, hd.counts[0])
	case hd.counts[depths-1] == 0:
		return fmt.Errorf("%w: no boards at the largest distance", ErrFormat)
	}
	return nil
}

// checkSize checks that the records fill the file after the header and
// its padding, which must be zero.
func (hd *header2) checkSize(r io.ReaderAt, size int64) error {
	hl := uint64(len(hd.raw))
	off := recordOffset(hl)
	if end := off + hd.shape.recordBytes(); end != uint64(size) {
		if end > uint64(size) {
			return fmt.Errorf("%w: records end at byte %d of a %d-byte file: %w", ErrFormat, end, size, io.ErrUnexpectedEOF)
		}
		return fmt.Errorf("%w: records end at byte %d of a %d-byte file", ErrFormat, end, size)
	}
	pad := make([]byte, off-hl)
	if err := fileformat.ReadAt(r, pad, int64(hl), ErrFormat); err != nil {
		return err
	}
	for _, c := range pad {
		if c != 0 {
			return fmt.Errorf("%w: the padding after the header is not zero", ErrFormat)
		}
	}
	hd.offset = int64(off)
	return nil
}

// newReader2 reads a table of records of size bytes from r, named name
// in errors, whose container's header is ch (nil for a file of version
// 2). With closer it reads it in place: the header and the goal's
// block now, the other blocks as lookups need them; closer closes r when
// the table is closed. Without, it reads every block now and does not use
// r afterwards. Tables of up to CertifiedCells cells are read whole and
// certified.
func newReader2(r io.ReaderAt, size int64, ch *container.Header, opts *ReadOptions, closer io.Closer, name string) (*Table, error) {
	hd, err := header2Of(r, size, ch)
	if err != nil {
		return nil, err
	}
	if err := opts.check(hd.goal.Size(), hd.shape.memory()+uint64(len(hd.raw))); err != nil {
		return nil, err
	}
	n := uint64(hd.goal.Len())
	t := &Table{size: hd.goal.Size(), goal: hd.goal, n: n, counts: hd.counts, metric: hd.metric, hash: sha256.Sum256(hd.raw)}
	file := container.NewFile(r, closer, name)
	sh := hd.shape
	var sec *container.Section
	if hd.ch != nil {
		sec = hd.ch.Section(file, 0, "")
	} else {
		sec = file.FixedSection("", hd.offset, int64(sh.fullBytes()), int(sh.blocks), int64(sh.blockBytes(sh.blocks-1)), hd.sums)
	}
	t.rec = newRecords(sh, hd.mask, sec, closer != nil)
	if opts != nil && opts.Damaged != nil {
		file.OnDamage(opts.Damaged)
	}
	tiles, z := rank.Split(hd.goal.CellString())
	if !t.rec.reached(tiles, uint64(z)) {
		return nil, fmt.Errorf("%w: the goal is not among the boards that reach it", ErrFormat)
	}
	if d, err := t.rec.depth(tiles>>1, uint64(z)); err != nil {
		return nil, err
	} else if d != 0 {
		return nil, fmt.Errorf("%w: the goal is at distance %d", ErrFormat, d)
	}
	certify := n <= CertifiedCells && !opts.uncertified()
	if closer == nil || certify {
		if err := t.Load(context.Background()); err != nil {
			return nil, err
		}
		if closer == nil {
			file.Close() // every block is in memory: let r go
		}
	}
	if certify {
		if err := t.Certify(context.Background(), nil); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// inPlace returns the shape of the table of src as records and the mask
// of its reachable set, and false if it is to be written whole: it is too
// small, a test forces an encoding of depths read whole, or its reachable
// set is not one board of each slot, the one of the tile rank's parity
// that the blank's cell decides (which the parity rule says it is, for
// every board size and goal).
func (s *source) inPlace(ctx context.Context) (*recShape, uint64, bool, error) {
	n := s.n()
	if n < uint64(s.write.fewestInPlace()) || s.write.encoding != 0 || len(s.counts) > maxDepthsField-1 {
		return nil, 0, false, nil
	}
	// The mask, from group 0: tile ranks 0 and 1, bits 0 to 2n-1.
	var w0 [1]uint64
	s.reach(0, w0[:])
	even, odd := w0[0]&(1<<n-1), w0[0]>>n&(1<<n-1)
	if even^odd != 1<<n-1 {
		return nil, 0, false, nil
	}
	ok, err := s.reachIs(ctx, maskWords(n, odd))
	if !ok || err != nil {
		return nil, 0, false, err
	}
	return newRecShape(s.goal.Size(), s.goal.Blank(), s.metric, len(s.counts), 0, s.write.recordBits()), odd, true, nil
}

// reachIs reports whether the reachable set of s is the one whose words
// want gives, comparing them on every core until ctx is done.
func (s *source) reachIs(ctx context.Context, want wordSource) (bool, error) {
	words := (s.boards() + 63) / 64
	const chunk = 1 << 12
	bufs := newPool(func() *[2][chunk]uint64 { return new([2][chunk]uint64) })
	err := parallel.Chunks(ctx, 0, words, chunk, func(lo, hi uint64) error {
		buf := bufs.get()
		defer bufs.put(buf)
		got, exp := buf[0][:hi-lo], buf[1][:hi-lo]
		s.reach(lo, got)
		want(lo, exp)
		if !slices.Equal(got, exp) {
			return errModel
		}
		return nil
	})
	if err == errModel {
		return false, nil
	}
	return err == nil, err
}

// maskWords returns the word source of the reachable set of the n! boards of
// n cells that a mask gives: the board with tile rank t and the blank in
// cell z reaches the goal iff bit z of mask is the parity of t.
func maskWords(n, mask uint64) wordSource {
	// The set repeats every 2n bits: p words hold a whole number of
	// periods.
	p := 2 * n / gcd(2*n, 64)
	pattern := make([]uint64, p)
	for i := range 64 * p {
		t, z := i/n, i%n
		if (t^mask>>z)&1 == 0 {
			pattern[i/64] |= 1 << (i % 64)
		}
	}
	boards := rank.Factorial(int(n))
	last := (boards + 63) / 64
	return func(from uint64, dst []uint64) {
		for j := range dst {
			w := from + uint64(j)
			dst[j] = pattern[w%p]
			if w == last-1 && boards%64 != 0 {
				dst[j] &= 1<<(boards%64) - 1
			}
		}
	}
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// blockSums codes every block of the table of src and returns their
// SHA-256s, on every core until ctx is done; each block coded is also
// given to put, if not nil, from the worker that coded it.
func blockSums(ctx context.Context, src *source, sh *recShape, put func(b uint64, blk []byte) error) ([]byte, error) {
	sums := make([]byte, sumSize*sh.blocks)
	bufs := newPool(func() *rowBuffers { return new(rowBuffers) })
	err := parallel.Chunks(ctx, 0, sh.blocks, 8, func(lo, hi uint64) error {
		buf := bufs.get()
		defer bufs.put(buf)
		for b := lo; b < hi; b++ {
			blk, err := encodeRecords(src, sh, b, buf)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(blk)
			copy(sums[b*sumSize:], sum[:])
			if put != nil {
				if err := put(b, blk); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return sums, err
}

// writeInPlace writes the table of src as records to w, in order and
// once: it codes the blocks twice, first for their SHA-256s, which the
// header holds, then to write them, and never holds more than a few. It
// returns errModel, having written nothing, if the depths cannot be coded
// so.
func writeInPlace(ctx context.Context, w io.Writer, src *source, sh *recShape, mask uint64) (int64, error) {
	sums, err := blockSums(ctx, src, sh, nil)
	if err != nil {
		return 0, err
	}
	total, err := w.Write(src.recordsBox(sh, mask, sums).Append(nil))
	if err != nil {
		return int64(total), err
	}
	next := uint64(0)
	type block struct {
		out []byte
		buf *rowBuffers
	}
	bufs := newPool(func() *rowBuffers { return new(rowBuffers) })
	err = parallel.Ordered(ctx, 0,
		func(context.Context) (uint64, bool, error) {
			b := next
			next++
			return b, b < sh.blocks, nil
		},
		func(_ context.Context, b uint64) (block, error) {
			buf := bufs.get()
			out, err := encodeRecords(src, sh, b, buf)
			return block{out, buf}, err
		},
		func(b block, err error) error {
			if err != nil {
				return err
			}
			m, err := w.Write(b.out)
			total += m
			bufs.put(b.buf)
			return err
		}, nil)
	return int64(total), err
}

// writeInPlaceFile writes the table of src as records to f from its
// current offset: the blocks first, each in its place as it is coded on
// every core, then the header, which holds their SHA-256s, and returns
// the bytes written. It returns errModel, with f as it was, if the depths
// cannot be coded so.
func writeInPlaceFile(ctx context.Context, f *os.File, src *source, sh *recShape, mask uint64) (int64, error) {
	start, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return writeInPlace(ctx, f, src, sh, mask)
	}
	// The header's length does not depend on the sums.
	hl := uint64(src.recordsBox(sh, mask, make([]byte, sumSize*sh.blocks)).DataOffset())
	sums, err := blockSums(ctx, src, sh, func(b uint64, blk []byte) error {
		_, err := f.WriteAt(blk, start+int64(hl+b*sh.fullBytes()))
		return err
	})
	if err == nil {
		_, err = f.WriteAt(src.recordsBox(sh, mask, sums).Append(nil), start)
	}
	var end int64
	if err == nil {
		end, err = f.Seek(0, io.SeekEnd)
	}
	if err == errModel {
		if terr := f.Truncate(start); terr != nil {
			return 0, terr
		}
		if _, serr := f.Seek(start, io.SeekStart); serr != nil {
			return 0, serr
		}
	}
	return end - start, err
}

// pool keeps buffers for the workers of a loop, so that a loop over many
// chunks leaves no garbage behind each: in a process that holds a search's
// result, garbage grows the heap by as much before it is collected.
type pool[T any] struct {
	free  chan T
	fresh func() T
}

func newPool[T any](fresh func() T) *pool[T] {
	return &pool[T]{free: make(chan T, runtime.GOMAXPROCS(0)+2), fresh: fresh}
}

// get returns a free buffer, or a new one.
func (p *pool[T]) get() T {
	select {
	case b := <-p.free:
		return b
	default:
		return p.fresh()
	}
}

// put gives a buffer back.
func (p *pool[T]) put(b T) {
	select {
	case p.free <- b:
	default:
	}
}
