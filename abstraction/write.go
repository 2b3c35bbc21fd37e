package abstraction

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/parallel"
)

// rawMin is the least record bytes a database has for WriteTo to write
// its blocks raw, to be read in place, rather than compressed: 32 MiB; a
// variable so that tests can write small databases both ways.
var rawMin uint64 = 32 << 20

// WriteTo writes the database to w in the format described in the package
// documentation and returns the number of bytes written: its blocks raw
// if its records take 32 MiB or more (the installed 4x4 tier), else each
// compressed (the built-in tier). The same database always gives the same
// bytes. A database read from a file is written from its blocks, each
// read and checked again.
func (db *DB) WriteTo(w io.Writer) (int64, error) { return db.write(context.Background(), w) }

func (db *DB) write(ctx context.Context, w io.Writer) (int64, error) {
	lay := db.layout()
	h := &header{goal: db.goal, enc: encZstd, groups: uint64(zstdBlockGroups)}
	var size uint64
	for _, p := range db.parts {
		size += p.x.groups * uint64(lay.size)
	}
	if size >= rawMin {
		h.enc, h.groups = encRaw, uint64(blockGroups)
	}
	if db.parts[0].blocks != nil {
		h.groups = 1 << db.parts[0].blocks.shift // as read
	}
	blocks := make([][][]byte, len(db.parts))
	for i, p := range db.parts {
		fp := filePart{cl: p.cl, largest: p.largest, blocks: int((p.x.groups + h.groups - 1) / h.groups)}
		fp.sums = make([]byte, fp.blocks*sumSize)
		if h.enc == encZstd {
			fp.lens = make([]uint32, fp.blocks)
		}
		blocks[i] = make([][]byte, fp.blocks)
		err := parallel.For(ctx, 0, fp.blocks, func(k int) error {
			recs, err := db.blockRecords(i, k, h.groups)
			if err != nil {
				return err
			}
			stored := planes(recs, lay.size)
			if h.enc == encZstd {
				stored = fileformat.Compress(stored)
				fp.lens[k] = uint32(len(stored))
			} else if pad := int(h.groups)*lay.size - len(recs); pad > 0 {
				stored = append(stored, make([]byte, pad)...)
			}
			sum := sha256.Sum256(stored)
			copy(fp.sums[k*sumSize:], sum[:])
			blocks[i][k] = stored
			return nil
		})
		if err != nil {
			return 0, err
		}
		h.parts = append(h.parts, fp)
	}
	hdr := appendHeader(nil, h)
	parts := [][]byte{hdr}
	if h.enc == encRaw {
		parts = append(parts, make([]byte, dataOffset(len(hdr))-int64(len(hdr))))
	}
	for i := range blocks {
		parts = append(parts, blocks[i]...)
	}
	return fileformat.WriteParts(ctx, w, parts...)
}

// layout returns the layout of the database's records.
func (db *DB) layout() layout { return layoutOf(db.goal.Len(), db.goal.Size().W) }

// blockRecords returns the records of block k of part i, in blocks of
// groups groups: from memory for a database built, else read from the
// file and checked.
func (db *DB) blockRecords(i, k int, groups uint64) ([]byte, error) {
	p := db.parts[i]
	if p.recs != nil {
		size := uint64(db.layout().size)
		lo := uint64(k) * groups
		return p.recs[lo*size : min(lo+groups, p.x.groups)*size], nil
	}
	b := p.blocks
	if groups != 1<<b.shift {
		return nil, fmt.Errorf("abstraction: blocks of %d groups from a file of %d", groups, 1<<b.shift)
	}
	recs, err := b.records(uint64(k))
	if err == nil {
		err = b.check(uint64(k), recs)
	}
	if err != nil {
		b.src.fail(err)
	}
	return recs, err
}

// WriteFile writes the database to path atomically, as WriteTo writes it:
// to a temporary file in the same directory, renamed over path only when
// complete. If writing fails or ctx ends first, path is left as it was.
func WriteFile(ctx context.Context, path string, db *DB) error {
	err := atomicfile.WriteContext(ctx, path, 0o644, func(f *os.File) error {
		_, err := db.write(ctx, f)
		return err
	})
	if err != nil {
		return fmt.Errorf("abstraction: write %w", err)
	}
	return nil
}
