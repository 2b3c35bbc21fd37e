package abstraction

import (
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
)

// ReadOptions tune OpenWith and NewReaderWith. A nil *ReadOptions means
// the zero value.
type ReadOptions struct {
	// MaxMemory is the most bytes the reader may allocate for the
	// entries; 0 means the default, half the physical memory.
	MaxMemory uint64
	// Damaged, if set, is called once, by the lookup that meets it, with
	// the first error of reading a block of the file (see DB.Err): a block
	// that cannot be read or fails its checks. Its entries then read as
	// unknown, which keeps every bound admissible and every answer exact,
	// but makes searches slower. The error names the file. It must not
	// block.
	Damaged func(err error)
}

func (o *ReadOptions) limit() uint64 {
	if o == nil {
		return mem.Limit(0)
	}
	return mem.Limit(o.MaxMemory)
}

// Open reads the abstraction database file at path, with the default
// ReadOptions: see OpenWith.
func Open(path string) (*DB, error) { return OpenWith(path, nil) }

// OpenWith reads the abstraction database file at path in place: it reads
// and checks the header and keeps the file open; a lookup reads the block
// of its group the first time it needs it, checked against its SHA-256
// before any of its entries is used (see DB.Err for a block that fails).
// Close the database when done with it.
//
// Before it allocates the entries OpenWith checks that they fit in
// opts.MaxMemory, and fails with ErrMemory, naming the need and the limit,
// if they do not.
func OpenWith(path string, opts *ReadOptions) (*DB, error) {
	return container.Read(path, func(o *container.Opened) (*DB, error) { return open(o, opts) })
}

// NewReader reads an abstraction database of size bytes from r, with the
// default ReadOptions: see NewReaderWith.
func NewReader(r io.ReaderAt, size int64) (*DB, error) { return NewReaderWith(r, size, nil) }

// NewReaderWith reads an abstraction database of size bytes from r in
// place, as OpenWith reads a file: r must stay readable while the
// database is used.
func NewReaderWith(r io.ReaderAt, size int64, opts *ReadOptions) (*DB, error) {
	o, err := container.NewOpened(r, size, "")
	if err != nil {
		return nil, err
	}
	return open(o, opts)
}

// open reads the database of the open file o in place: it keeps o, which
// DB.Close closes.
func open(o *container.Opened, opts *ReadOptions) (*DB, error) {
	h, err := headerOf(o)
	if err != nil {
		return nil, err
	}
	r, name := o.ReaderAt(), o.Name()
	classings := make([]*Classing, len(h.parts))
	var need uint64
	for i, p := range h.parts {
		classings[i] = p.cl
		need += 4 * uint64(p.blocks) * h.groups
	}
	if limit := opts.limit(); need > limit {
		return nil, fmt.Errorf("%w: reading the %s database needs %s, the limit is %s", ErrMemory, h.goal.Size(), human.Bytes(need), human.Bytes(limit))
	}
	db, err := newDB(classings)
	if err != nil {
		return nil, container.Damaged("", err)
	}
	db.file = container.NewFile(r, o.Keep(), name)
	lay := layoutOf(h.goal.Len(), h.goal.Size().W)
	var dec *zstd.Decoder
	if h.enc == encZstd {
		if dec, err = fileformat.NewDecoder(uint64(lay.h+lay.bitBytes()) * h.groups); err != nil {
			return nil, err
		}
	}
	db.hash, db.raw = sha256.Sum256(h.raw), h.raw
	for i, p := range db.parts {
		fp := &h.parts[i]
		p.largest = fp.largest
		words := mem.Words32(uint64(fp.blocks) * h.groups)
		p.words = words[:p.x.groups]
		b := &blocks{
			dec: dec, pi: i, enc: h.enc, lay: lay, groups: p.x.groups, shift: log2(h.groups), largest: fp.largest,
			words: words,
		}
		b.wsec, b.msec = fp.sections(db.file, i, h)
		b.Init(db.file, uint64(fp.blocks), true, b.fill)
		p.blocks = b
		if err := p.checkGoal(i); err != nil {
			return nil, err
		}
	}
	// Damage met from now on is reported; before, it failed the opening.
	if opts != nil && opts.Damaged != nil {
		db.file.OnDamage(opts.Damaged)
	}
	return db, nil
}

// checkGoal reads the block of the goal's arrangement of part i, read in
// place, and checks that its distance is 0.
func (p *part) checkGoal(i int) error {
	b := p.blocks
	g, z := p.goalIdx/uint64(p.x.n), int(p.goalIdx%uint64(p.x.n))
	k := g >> b.shift
	words, mins, err := b.readBlock(k, true)
	if err != nil {
		return err
	}
	j := int(g - k<<b.shift)
	w, m := words[j:j+1], mins[j*b.lay.h:(j+1)*b.lay.h]
	if err := b.check(g, w, m); err != nil {
		return err
	}
	if d := b.lay.depth(w[0], m, z); d != 0 {
		return fmt.Errorf("%w: classing %d: the goal's arrangement is at distance %d, not 0", ErrFormat, i+1, d)
	}
	return nil
}

// log2 returns the exponent of v, a power of two.
func log2(v uint64) uint {
	var s uint
	for v > 1 {
		v >>= 1
		s++
	}
	return s
}

// sections returns the sections of the blocks of classing i, whose header
// is fp in the file f of header h: raw, of its words and of its rows'
// least distances; zstd, of its frames and nil.
func (fp *filePart) sections(f *container.File, i int, h *header) (words, mins *container.Section) {
	label := fmt.Sprintf("classing %d", i+1)
	if ch := h.ch; ch != nil && h.enc == encZstd {
		return ch.Section(f, i, label), nil
	} else if ch != nil {
		return ch.Section(f, 2*i, label+", words"), ch.Section(f, 2*i+1, label+", least distances")
	}
	if h.enc == encZstd {
		ends := make([]int64, fp.blocks)
		for k := range ends {
			ends[k] = fp.offs[k] + int64(fp.lens[k])
		}
		return f.Section(label, fp.offs[0], ends, fp.sums), nil
	}
	size := 4 * int64(h.groups)
	words = f.FixedSection(label+", words", fp.offs[0], size, fp.blocks, size, fp.sums)
	size = int64(layoutOf(h.goal.Len(), h.goal.Size().W).h) * int64(h.groups)
	mins = f.FixedSection(label+", least distances", fp.offm[0], size, fp.blocks, size, fp.mins)
	return words, mins
}
