package bfs

import (
	"context"
	"encoding/binary"
	"runtime"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
)

// Result is the outcome of a search: the distance to Goal of every board
// that can reach it, and which boards can. Slot s of the depth table (see
// rank.Half) holds the distance of the board of its pair that reaches
// Goal, or Unreached; bit i of the reachable set is set iff the board with
// index i (see rank.Index) reaches Goal.
//
// The search of boards of more than 9 cells keeps them packed, at about 5
// bits a board for 12 cells rather than 12; Depths and Reach read any part
// of them, and Expand all of them. A Result is safe for concurrent use.
type Result struct {
	Goal board.Board
	// Metric is what the distances count as one move.
	Metric board.Metric
	// Counts[d] is the number of boards at distance d; the last is non-zero.
	Counts []uint64

	slots  uint64
	depth  []uint8  // the depth table, for a search that keeps it whole
	reach  []uint64 // and the reachable set
	packed *packedResult
	multi  *multiResult
}

// Reachable returns the number of boards that reach Goal.
func (r *Result) Reachable() uint64 {
	var s uint64
	for _, c := range r.Counts {
		s += c
	}
	return s
}

// Max returns the largest distance of a board from Goal.
func (r *Result) Max() int { return len(r.Counts) - 1 }

// Slots returns the number of slots of the depth table, n!/2.
func (r *Result) Slots() uint64 { return r.slots }

// Depths writes into dst the depths of slots from to from+len(dst)-1, and
// Unreached for those whose boards do not reach Goal. It panics if the
// slots are out of range.
func (r *Result) Depths(from uint64, dst []uint8) {
	if from+uint64(len(dst)) > r.slots {
		panic("bfs: Result.Depths out of range")
	}
	switch {
	case r.multi != nil:
		r.multi.depths(from, dst)
	case r.packed != nil:
		r.packed.depths(from, dst)
	default:
		copy(dst, r.depth[from:])
	}
}

// Rows appends the depths of slots from to to-1 to firsts and steps row by
// row. A row is the slots of a group (2k*n to 2k*n+n-1, one a cell of the
// blank) with the blank in one row of the board; along it the depths go
// up or down by one from slot to slot. Rows appends to firsts the depth of
// the first slot of each row that starts in the range, and of the range's
// first slot if no row starts there; and to steps a bit for every other
// slot of the range, in order from the lowest bit of each byte, set if its
// depth is one more than the slot's before; the last byte's unused high
// bits are zero. It reports false, with firsts and steps unspecified, if a
// slot of the range has no depth, or if along a row depths do not go up or
// down by one. It panics if the slots are out of range.
func (r *Result) Rows(from, to uint64, firsts, steps []byte) ([]byte, []byte, bool) {
	if from > to || to > r.slots {
		panic("bfs: Result.Rows out of range")
	}
	if r.multi != nil {
		return firsts, steps, false
	}
	if r.packed != nil {
		return r.packed.rows(from, to, firsts, steps)
	}
	w := uint64(r.Goal.Size().W)
	var bits stepBits
	bits.Out = steps
	for s := from; s < to; s++ {
		d := r.depth[s]
		if d == Unreached {
			return firsts, bits.Out, false
		}
		if s == from || s%w == 0 {
			firsts = append(firsts, d)
			continue
		}
		prev := r.depth[s-1]
		if d != prev+1 && d+1 != prev {
			return firsts, bits.Out, false
		}
		bits.Add(uint64(b2u8(d == prev+1)), 1)
	}
	return firsts, bits.Flush(), true
}

// LeastRows appends the depths of slots from to to-1 to least and bits row
// by row, for a result whose rows hold two consecutive depths at most, as
// in the multi-tile metric (see Rows for rows): to least the least depth
// of each row, or part of a row, in the range, and to bits a bit for every
// slot, in order from the lowest bit of each byte, set if its depth is one
// more than that; the last byte's unused high bits are zero. It reports
// false, with least and bits unspecified, if a slot of the range has no
// depth or a row's depths are farther apart. It panics if the slots are
// out of range.
func (r *Result) LeastRows(from, to uint64, least, bits []byte) ([]byte, []byte, bool) {
	if from > to || to > r.slots {
		panic("bfs: Result.LeastRows out of range")
	}
	if r.multi != nil {
		return r.multi.leastRows(from, to, least, bits)
	}
	w := uint64(r.Goal.Size().W)
	out := stepBits{Out: bits}
	var row [MaxCells]uint8
	for s := from; s < to; {
		end := min(s-s%w+w, to)
		part := row[:end-s]
		r.Depths(s, part)
		m := slices.Min(part)
		for _, d := range part {
			if d == Unreached || d-m > 1 {
				return least, out.Out, false
			}
			out.Add(uint64(d-m), 1)
		}
		least = append(least, m)
		s = end
	}
	return least, out.Flush(), true
}

// stepBits appends the bits of rows, from the lowest bit of each byte.
type stepBits = bitx.Appender

// Reach writes into dst the words from to from+len(dst)-1 of the reachable
// set: bit i of word j is that of the board with index 64j+i. It panics if
// the words are out of range.
func (r *Result) Reach(from uint64, dst []uint64) {
	if from+uint64(len(dst)) > (2*r.slots+63)/64 {
		panic("bfs: Result.Reach out of range")
	}
	switch {
	case r.multi != nil:
		r.multi.reachWords(from, dst)
	case r.packed != nil:
		r.packed.reachWords(from, dst)
	default:
		copy(dst, r.reach[from:])
	}
}

// Expand returns the whole depth table, n!/2 bytes, and the whole
// reachable set, n!/64 words. For a packed result it allocates them and
// fills them on every core; otherwise they are the result's own.
func (r *Result) Expand() (depth []uint8, reach []uint64) {
	if r.packed == nil && r.multi == nil {
		return r.depth, r.reach
	}
	depth = mem.Bytes(r.slots)
	reach = mem.Words((2*r.slots + 63) / 64)
	// Chunks of whole words of the reachable set: 32 groups cover n words.
	n := uint64(r.Goal.Len())
	groups := r.slots / n
	const chunk = 32 << 10
	_ = parallel.Chunks(context.Background(), runtime.GOMAXPROCS(0), groups, chunk, func(lo, hi uint64) error {
		r.Depths(lo*n, depth[lo*n:hi*n])
		r.Reach(lo*2*n/64, reach[lo*2*n/64:min(hi*2*n/64, uint64(len(reach)))])
		return nil
	})
	if tail := 2 * groups * n % 64; tail != 0 {
		r.Reach(uint64(len(reach))-1, reach[len(reach)-1:])
	}
	return depth, reach
}

// packedResult is what the packed search leaves: see shape.
type packedResult struct {
	sh      *shape
	words   []uint32
	firsts  []uint64
	rowBits uint64
	goalCol int
}

// firstsOf returns the recorded depth>>2 of the first slots of the rows
// of group k, firstBits a row from the lowest, and unspecified bits above
// (firsts has a word to spare after the last group's).
func (p *packedResult) firstsOf(k uint64) uint64 {
	off := k * p.rowBits
	i, s := off/64, off%64
	f := p.firsts[i] >> s
	if s != 0 {
		f |= p.firsts[i+1] << (64 - s)
	}
	return f
}

// firstOfRow returns row r's depth>>2 in the first depths f of a group.
func firstOfRow(f uint64, r uint) uint64 { return f >> (r * firstBits) & (1<<firstBits - 1) }

// group writes the depths of the n slots of group k into out, which has
// room for 8 bytes from any slot on.
func (p *packedResult) group(k uint64, out []uint8) {
	sh := p.sh
	x, f := p.words[k], p.firstsOf(k)
	par := sh.parity[p.goalCol]
	w := uint(sh.w)
	for r := range uint(sh.h) {
		z0 := r * w
		field := x >> (2 * z0) & (1<<(2*w) - 1)
		if field == 0 {
			for z := z0; z < z0+w; z++ {
				out[z] = Unreached
			}
			continue
		}
		// The depth modulo 4 of each slot is its done bit and its
		// parity, which sh.rows turns into the depths along the row
		// relative to the first, whose depth>>2 was recorded.
		b := sh.lowBits[field]
		p0 := par >> (2 * z0) & 1
		d := 4*firstOfRow(f, r) + 2*uint64(b&1) + uint64(p0)
		ro := &sh.rows[uint32(b)<<1|p0]
		binary.LittleEndian.PutUint64(out[z0:], d*0x0101010101010101+ro.pos-ro.neg)
	}
}

// rows is Result.Rows for a packed result.
func (p *packedResult) rows(from, to uint64, firsts, steps []byte) ([]byte, []byte, bool) {
	sh := p.sh
	n, w := uint64(sh.n), uint64(sh.w)
	par := sh.parity[p.goalCol]
	var bits stepBits
	bits.Out = steps
	k, z := from/n, from%n
	for slot := from; slot < to; k, z = k+1, 0 {
		if z == 0 && to-slot >= n {
			// A whole group at once.
			var ok bool
			if firsts, ok = p.groupRows(k, firsts, &bits); !ok {
				return firsts, bits.Out, false
			}
			slot += n
			continue
		}
		x := p.words[k]
		for r := z / w; r < uint64(sh.h) && slot < to; r++ {
			z0 := r * w
			field := x >> (2 * z0) & (1<<(2*w) - 1)
			if field == 0 {
				return firsts, bits.Out, false
			}
			b := sh.lowBits[field]
			p0 := par >> (2 * z0) & 1
			ro := &sh.rows[uint32(b)<<1|p0]
			// The slots of the row in the range: from zs to ze-1.
			zs := max(z0, z)
			ze := min(z0+w, zs+to-slot)
			d := 4*firstOfRow(p.firstsOf(k), uint(r)) + 2*uint64(b&1) + uint64(p0)
			j := 8 * (zs - z0)
			d += ro.pos>>j&0xFF - ro.neg>>j&0xFF
			firsts = append(firsts, uint8(d))
			if c := ze - zs - 1; c > 0 {
				bits.Add(uint64(ro.steps)>>(zs-z0)&(1<<c-1), uint(c))
			}
			slot += ze - zs
		}
	}
	return firsts, bits.Flush(), true
}

// groupRows is rows for the n slots of group k: it appends the depth of
// each row's first slot to firsts and the steps along the rows to bits,
// and reports false if a row of the group was never reached.
func (p *packedResult) groupRows(k uint64, firsts []byte, bits *stepBits) ([]byte, bool) {
	sh := p.sh
	x, f := p.words[k], p.firstsOf(k)
	par := sh.parity[p.goalCol]
	w := uint(sh.w)
	var steps uint64
	var c uint
	for r := range uint(sh.h) {
		z0 := r * w
		field := x >> (2 * z0) & (1<<(2*w) - 1)
		if field == 0 {
			return firsts, false
		}
		b := sh.lowBits[field]
		p0 := par >> (2 * z0) & 1
		d := 4*firstOfRow(f, r) + 2*uint64(b&1) + uint64(p0)
		firsts = append(firsts, uint8(d))
		steps |= uint64(sh.rows[uint32(b)<<1|p0].steps) << c
		c += w - 1
	}
	bits.Add(steps, c)
	return firsts, true
}

// depths writes the depths of slots from to from+len(dst)-1 into dst.
func (p *packedResult) depths(from uint64, dst []uint8) {
	n := uint64(p.sh.n)
	k, z := from/n, from%n
	var g [MaxCells + 8]uint8
	for i := 0; i < len(dst); k, z = k+1, 0 {
		p.group(k, g[:])
		i += copy(dst[i:], g[z:n])
	}
}

// pattern returns the bits of group k in the reachable set: bit m*n+z is
// that of the board with the low bit m of its tile rank and its blank in
// cell z.
func (p *packedResult) pattern(k uint64) uint64 {
	sh := p.sh
	x := p.words[k]
	if x&sh.done == sh.done {
		// Every slot expanded, so every row reached: the member bits
		// say it all.
		return sh.members[x>>sh.memberShift&(1<<sh.h-1)]
	}
	row := uint64(1)<<sh.w - 1
	var pat uint64
	for r := range sh.h {
		if x&sh.rowBits[r] != 0 {
			m := uint64(x>>(sh.memberShift+uint(r))) & 1
			pat |= row << (m*uint64(sh.n) + uint64(r*sh.w))
		}
	}
	return pat
}

// reachWords writes words from to from+len(dst)-1 of the reachable set.
func (p *packedResult) reachWords(from uint64, dst []uint64) {
	patternWords(from, dst, uint64(p.sh.n), p.sh.groups, p.pattern)
}

// patternWords writes into dst words from to from+len(dst)-1 of a
// reachable set whose groups of 2n bits pattern gives.
func patternWords(from uint64, dst []uint64, n, groups uint64, pattern func(k uint64) uint64) {
	clear(dst)
	n2 := 2 * n
	first, end := from*64, (from+uint64(len(dst)))*64
	for k := first / n2; k < groups && k*n2 < end; k++ {
		pat := pattern(k)
		// The group's bits start at bit i of dst; those before dst's
		// first or after its last are left out.
		i := int64(k*n2) - int64(first)
		if i < 0 {
			pat >>= uint(-i)
			i = 0
		}
		j := uint64(i)
		dst[j/64] |= pat << (j % 64)
		if j%64+n2 > 64 && j/64+1 < uint64(len(dst)) {
			dst[j/64+1] |= pat >> (64 - j%64)
		}
	}
}
