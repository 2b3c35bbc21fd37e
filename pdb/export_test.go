package pdb

import (
	"encoding/binary"

	"github.com/slidetable/slidetable/internal/fileformat"
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
// file b.
func headerEnd(b []byte) int {
	n := int(b[10]) * int(b[11])
	off := fixedHeader + n
	for range int(b[12]) {
		k := int(b[off])
		nb := int(binary.LittleEndian.Uint32(b[off+k+3:]))
		off += k + groupHeader + 8*nb
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
