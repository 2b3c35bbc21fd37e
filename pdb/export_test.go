package pdb

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/rank"
)

// MapEntries replaces every entry e of every group of db by f(e), which
// must be below 256, to craft wrong databases: the stored form, the moves
// beyond the Manhattan distance halved. The encoding becomes the smallest
// that holds the new entries.
func MapEntries(db *DB, f func(e int) int) {
	for gi := range db.groups {
		g := &db.groups[gi]
		out := make([]byte, entryCount(g.count, g.free, g.blank))
		for r := range out {
			out[r] = byte(f(g.entry(uint64(r))))
		}
		g.enc, g.entries = encByte, out
		if g.largest() <= 15 {
			g.enc, g.entries = encNibble, packNibbles(out)
		}
	}
}

// ResealHeader recomputes the checksum of the header of the file b, as
// an attacker who edits the header would.
func ResealHeader(b []byte) {
	end := headerEnd(b)
	binary.LittleEndian.PutUint32(b[end:], fileformat.Checksum(b[:end]))
}

// headerEnd returns the offset of the header's checksum in the well-formed
// file b, of the container or before it.
func headerEnd(b []byte) int {
	if string(b[:len(container.Magic)]) == container.Magic {
		return int(binary.LittleEndian.Uint32(b[16:])) - 4
	}
	n := int(b[10]) * int(b[11])
	per := 8 // bytes a block in a group's header
	if binary.LittleEndian.Uint16(b[8:]) == 3 {
		per = sumSize
	}
	off := fixedHeader + n
	for range int(b[12]) {
		k := int(b[off])
		nb := int(binary.LittleEndian.Uint32(b[off+k+3:]))
		off += k + groupHeader + per*nb
	}
	return off
}

// Entries returns the number of entries of group gi of db.
func Entries(db *DB, gi int) uint64 {
	g := &db.groups[gi]
	return entryCount(g.count, g.free, g.blank)
}

// SetEntry sets entry r of group gi of db to v, which must fit the
// group's encoding, and returns the entry it held.
func SetEntry(db *DB, gi int, r uint64, v int) int {
	g := &db.groups[gi]
	old := g.entry(r)
	if g.enc == encNibble {
		sh := nibbleShift(r)
		g.entries[r>>1] = g.entries[r>>1]&^(15<<sh) | byte(v)<<sh
	} else {
		g.entries[r] = byte(v)
	}
	return old
}

// SetRawMin sets the least table size WriteTo writes as in memory, and
// returns a function that restores it.
func SetRawMin(n uint64) func() {
	old := rawMin
	rawMin = n
	return func() { rawMin = old }
}

// SetRawBlock sets the bytes of a block WriteTo writes as in memory, and
// returns a function that restores it.
func SetRawBlock(n int) func() {
	old := rawBlockBytes
	rawBlockBytes = n
	return func() { rawBlockBytes = old }
}

// Loaded returns the blocks of each group of a database read in place
// that are in memory, or nil for a database held in memory.
func Loaded(db *DB) []int {
	if db.file == nil {
		return nil
	}
	var out []int
	for _, g := range db.groups {
		n := 0
		for k := range uint64(g.blocks.sec.Blocks()) {
			if g.blocks.Ready(k) {
				n++
			}
		}
		out = append(out, n)
	}
	return out
}

// OpenInPlace reads the database of size bytes in r in place, as OpenWith
// reads a file of the entries as they are in memory.
func OpenInPlace(r io.ReaderAt, size int64) (*DB, error) { return OpenInPlaceWith(r, size, "", nil) }

// OpenInPlaceWith is OpenInPlace for a file named path, with opts.
func OpenInPlaceWith(r io.ReaderAt, size int64, path string, opts *ReadOptions) (*DB, error) {
	h, err := readHeader(r, size)
	if err != nil {
		return nil, err
	}
	if !h.inPlace {
		return nil, fmt.Errorf("a file of compressed blocks is read whole")
	}
	return openInPlace(r, nil, path, h, opts)
}

// HeaderLen returns the length of the header of the well-formed file b,
// its checksum included.
func HeaderLen(b []byte) int { return headerEnd(b) + 4 }

// WriteZeros writes a database of goal's size and goal for the partition
// groups, compressed, whose entries are all zero, without holding its
// tables: a file that is small however large the tables it describes.
func WriteZeros(w io.Writer, goal board.Board, groups [][]uint8) error {
	n := goal.Size().Cells()
	h := &header{size: goal.Size(), goal: goal, block: blockBytes}
	var parts [][]byte
	var sections []container.Blocks
	for _, tiles := range groups {
		count, _ := rank.Placements(n, len(tiles))
		bytes := entryBytes(count, encNibble)
		h.groups = append(h.groups, fileGroup{tiles: tiles, count: count, enc: encNibble})
		full := fileformat.Compress(make([]byte, blockBytes))
		var sec container.Blocks
		for i := range (bytes + blockBytes - 1) / blockBytes {
			b := full
			if rest := bytes - i*blockBytes; rest < blockBytes {
				b = fileformat.Compress(make([]byte, rest))
			}
			sec.Add(b)
			parts = append(parts, b)
		}
		sections = append(sections, sec)
	}
	_, err := fileformat.WriteParts(context.Background(), w, append([][]byte{h.container(sections).Append(nil)}, parts...)...)
	return err
}

// RawFile reports whether the file b of the container holds the entries
// as they are in memory, read in place, and the bytes of its blocks.
func RawFile(b []byte) (raw bool, block int) {
	h, err := readHeader(bytesReader(b), int64(len(b)))
	if err != nil || h.ch == nil {
		return false, 0
	}
	return h.inPlace, int(h.block)
}

type bytesReader []byte

func (b bytesReader) ReadAt(p []byte, off int64) (int, error) {
	if off >= int64(len(b)) {
		return 0, io.EOF
	}
	n := copy(p, b[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}
