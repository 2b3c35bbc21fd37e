package abstraction

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/parallel"
)

// rawMin is the least bytes of blocks a database has for WriteTo to write
// its blocks raw, to be read in place, rather than compressed: 128 MiB,
// between the built-in 4x4 tier (79 MB of blocks, 33 MB compressed) and
// the installed one (303 MB); a variable so that tests can write small
// databases both ways.
var rawMin uint64 = 128 << 20

// WriteTo writes the database to w in the format described in the package
// documentation and returns the number of bytes written: its blocks raw
// if they take 128 MiB or more (the installed 4x4 tier), else each
// compressed (the built-in tier). The same database always gives the same
// bytes. A database read from a file is written from its blocks, each
// read and checked again.
func (db *DB) WriteTo(w io.Writer) (int64, error) { return db.write(context.Background(), w) }

func (db *DB) write(ctx context.Context, w io.Writer) (int64, error) {
	lay := db.layout()
	enc, groups := uint8(encZstd), uint64(zstdBlockGroups)
	var size uint64
	for _, p := range db.parts {
		size += p.x.groups * uint64(4+lay.h)
	}
	if size >= rawMin {
		enc, groups = encRaw, uint64(blockGroups)
	}
	if db.parts[0].blocks != nil {
		groups = 1 << db.parts[0].blocks.shift // as read
	}
	ch := &container.Header{Kind: container.Abstraction, KindVersion: kindVersion, Metric: board.MultiTile, Goal: db.goal}
	params := []byte{enc, byte(len(db.parts)), 0, 0}
	params = binary.LittleEndian.AppendUint32(params, uint32(groups))
	var blocks [][]byte // every block, in the order of the sections
	for i, p := range db.parts {
		params = append(append(params, p.cl.cells...), p.largest)
		ch.Entries += p.cl.Arrangements()
		ws, ms, err := db.encodeBlocks(ctx, i, enc, groups)
		if err != nil {
			return 0, err
		}
		for _, sec := range [][][]byte{ws, ms} {
			if sec == nil {
				continue
			}
			var s container.Blocks
			for _, b := range sec {
				s.Add(b)
			}
			ch.Sections = append(ch.Sections, s)
			blocks = append(blocks, sec...)
		}
	}
	ch.Params = params
	if enc == encRaw {
		ch.Align = 12 // a page: raw blocks are read in place
	}
	return fileformat.WriteParts(ctx, w, append([][]byte{ch.Append(nil)}, blocks...)...)
}

// encodeBlocks returns the blocks of part i in blocks of groups groups,
// in the block encoding enc: raw, the words of each block and the least
// distances of each (the last padded with zero bytes); zstd, the frame of
// each block (its words, then its least distances), and no least
// distances apart.
func (db *DB) encodeBlocks(ctx context.Context, i int, enc uint8, groups uint64) ([][]byte, [][]byte, error) {
	lay := db.layout()
	g := int(groups)
	nb := int((db.parts[i].x.groups + groups - 1) / groups)
	words := make([][]byte, nb)
	var mins [][]byte
	if enc == encRaw {
		mins = make([][]byte, nb)
	}
	err := parallel.For(ctx, 0, nb, func(k int) error {
		ws, ms, err := db.blockData(i, k, groups)
		if err != nil {
			return err
		}
		if enc == encZstd {
			words[k] = fileformat.Compress(lay.frame(ws, ms))
			return nil
		}
		wb := make([]byte, 4*g)
		putWords(wb, ws)
		mb := make([]byte, lay.h*g)
		copy(mb, planes(ms, len(ws), lay.h))
		words[k], mins[k] = wb, mb
		return nil
	})
	return words, mins, err
}

// frame returns what the zstd frame of a block holds for groups whose
// words are ws and rows' least distances ms (group by group): their least
// distances and their bits, as planes.
func (l layout) frame(ws []uint32, ms []byte) []byte {
	size := l.h + l.bitBytes()
	recs := make([]byte, len(ws)*size)
	for i, w := range ws {
		rec := recs[i*size:][:size]
		copy(rec, ms[i*l.h:][:l.h])
		l.bits(rec[l.h:], w, rec[:l.h])
	}
	return planes(recs, len(ws), size)
}

// layout returns the layout of the database's groups.
func (db *DB) layout() layout { return layoutOf(db.goal.Len(), db.goal.Size().W) }

// blockData returns the words and the rows' least distances (group by
// group) of block k of part i, in blocks of groups groups: from memory for
// a database built, else read from the file and checked.
func (db *DB) blockData(i, k int, groups uint64) ([]uint32, []byte, error) {
	p := db.parts[i]
	lo := uint64(k) * groups
	hi := min(lo+groups, p.x.groups)
	if p.mins != nil {
		h := uint64(db.layout().h)
		return p.words[lo:hi], p.mins[lo*h : hi*h], nil
	}
	b := p.blocks
	if groups != 1<<b.shift {
		return nil, nil, fmt.Errorf("abstraction: blocks of %d groups from a file of %d", groups, 1<<b.shift)
	}
	words, mins, err := b.readBlock(uint64(k), true)
	if err == nil {
		err = b.check(lo, words, mins)
	}
	if err != nil {
		db.file.Fail(err)
	}
	return words, mins, err
}

// WriteFile writes the database to path atomically, as WriteTo writes it:
// to a temporary file in the same directory, renamed over path only when
// complete. If writing fails or ctx ends first, path is left as it was.
// It returns the file's content hash (see DB.ContentHash), read back from
// the temporary file before it takes the name path: the key of the proof
// record of exactly the bytes written (package source).
func WriteFile(ctx context.Context, path string, db *DB) (sum [sha256.Size]byte, err error) {
	err = atomicfile.WriteContext(ctx, path, 0o644, func(f *os.File) error {
		n, err := db.write(ctx, f)
		if err != nil {
			return err
		}
		h, err := container.ReadHeader(f, n)
		if err == nil {
			sum = h.ContentHash()
		}
		return err
	})
	if err != nil {
		return sum, fmt.Errorf("abstraction: write %w", err)
	}
	return sum, nil
}
