package abstraction

import (
	"encoding/binary"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// SetRawMin sets rawMin for a test and returns the function that restores
// it.
func SetRawMin(n uint64) func() {
	old := rawMin
	rawMin = n
	return func() { rawMin = old }
}

// SetBlockGroups sets blockGroups for a test and returns the function that
// restores it.
func SetBlockGroups(n int) func() {
	old, oldZ := blockGroups, zstdBlockGroups
	blockGroups, zstdBlockGroups = n, n
	return func() { blockGroups, zstdBlockGroups = old, oldZ }
}

// SetEntry sets the distance of arrangement i of classing pi of a database
// built in memory to v (which must keep its row within one of its least)
// and returns the distance it had, so that tests can write wrong files
// with right checksums.
func SetEntry(db *DB, pi int, i uint64, v int) int {
	p := db.parts[pi]
	lay := db.layout()
	n, h := uint64(lay.n), uint64(lay.h)
	g, z := i/n, int(i%n)
	mins := p.mins[g*h : g*h+h]
	d := make([]byte, lay.n)
	for c := range d {
		d[c] = lay.depth(p.words[g], mins, c)
	}
	old := int(d[z])
	d[z] = byte(v)
	p.words[g] = lay.encode(d, mins)
	return old
}

// Entry returns the distance of arrangement i of classing pi of a
// database built in memory.
func Entry(db *DB, pi int, i uint64) int {
	p := db.parts[pi]
	lay := db.layout()
	n, h := uint64(lay.n), uint64(lay.h)
	g := i / n
	return int(lay.depth(p.words[g], p.mins[g*h:g*h+h], int(i%n)))
}

// Unindex returns the arrangement of index i of classing pi.
func Unindex(db *DB, pi int, i uint64) []uint8 {
	a := make([]uint8, db.goal.Len())
	db.parts[pi].x.unindex(i, a)
	return a
}

// Index returns the index of arrangement a of classing pi.
func Index(db *DB, pi int, a []uint8) uint64 { return db.parts[pi].x.index(a) }

// ResealHeader recomputes the CRC-32C of the header of the file b, after a
// test changed it.
func ResealHeader(b []byte) {
	end := HeaderLen(b) - 4
	binary.LittleEndian.PutUint32(b[end:], fileformat.Checksum(b[:end]))
}

// HeaderLen returns the length of the header of the file b, its checksum
// included, as the header says: of the container, or of the format before
// it.
func HeaderLen(b []byte) int {
	if string(b[:len(container.Magic)]) == container.Magic {
		return int(binary.LittleEndian.Uint32(b[16:]))
	}
	return int(binary.LittleEndian.Uint32(b[20:]))
}

// Layout returns whether the blocks of a database read from a file are
// raw, and the groups a block holds.
func Layout(db *DB) (raw bool, groups int) {
	b := db.parts[0].blocks
	return b.enc == encRaw, 1 << b.shift
}

// Loaded returns the number of blocks of each classing of a database read
// in place that are in memory.
func Loaded(db *DB) []int {
	var out []int
	for _, p := range db.parts {
		k := 0
		for i := range uint64(p.blocks.wsec.Blocks()) {
			if p.blocks.Ready(i) {
				k++
			}
		}
		out = append(out, k)
	}
	return out
}

// StartsLoaded reports whether h starts its evaluators on views without
// caches, every block of its database being in memory.
func StartsLoaded(h *Heuristic) bool {
	v := h.viewsNow()
	return h.loaded != nil && len(v) > 0 && &v[0] == &h.loaded[0]
}
