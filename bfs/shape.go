package bfs

import (
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// The packed search keeps a word of 32 bits for each group of slots: the
// n slots of the tile sequences 2k and 2k+1 (see rank.Split), one a cell
// of the blank. Slot z has two bits at 2z (see the states below), and row
// r of the board (the slots of the blank's cells r*w to r*w+w-1) has a bit
// at memberShift+r: which sequence of the pair its boards have, the low
// bit of their tile rank. A move along a row keeps the tile sequence, so
// the boards of a row that the search reaches all have one sequence; if it
// ever reached both in one row, the partner of some board it reached would
// be reachable too, and the search stops with ErrPairReached.
//
// The two bits of a slot:
const (
	unseen = 0 // no board of the slot reached
	open   = 1 // reached, not yet expanded
	done0  = 2 // expanded, its depth d has (d>>1)&1 == 0
	done1  = 3 // expanded, (d>>1)&1 == 1
)

// The parity of a depth is that of the blank's cell on a checkerboard
// relative to the goal's, since every move changes the colour of the
// blank's cell; so a done slot knows its depth modulo 4. Along a row the
// depths go up or down by one from cell to cell, which those bits tell
// apart; the depth of each row's first cell, divided by four, is kept
// apart (firstBits bits a row) and written when that slot is expanded.
const firstBits = 5 // depth>>2 of a row's first slot: MaxDepth < 128

// slotBits describes a slot's bits in its group's word.
type slotBits struct {
	both   uint32 // its two bits
	open   uint32 // its two bits when open
	row    uint32 // the bits of every slot of its row
	member uint32 // its row's member bit
}

// rowDepths holds the depths of the slots of a row relative to the first,
// a byte each from the lowest, in two parts: those above and those below.
type rowDepths struct{ pos, neg uint64 }

// shape holds what the packed search needs to know about one board shape:
// the layout of a group's word and the changes of rank of vertical moves.
type shape struct {
	n, w, h, m int
	groups     uint64 // (n-1)!/2
	mv         *mover // the suffix tables: relative orders, digits, parities

	memberShift uint
	low         uint32    // the low bit of every slot
	colour      [2]uint32 // the low bits of the slots whose blank has colour 0, 1
	leftOK      uint32    // low bits of the slots that are a left neighbour's target: z%w != w-1
	rightOK     uint32    // and a right neighbour's: z%w != 0
	rowFirst    uint32    // low bits of the slots of the rows' first cells
	vertical    uint32    // low bits of the slots with a vertical move
	rowOf       [16]uint8
	rowBits     [16]uint32 // both bits of every slot of row r
	parity      [2]uint32  // parity[g]: low bits of the slots whose depth is odd, for a goal blank of colour g
	slot        [16]slotBits
	// lowBits[f]: the low bits of the slots of a row whose bits are f,
	// one a slot.
	lowBits []uint8
	// rows[b<<1|p]: the depths along a row relative to its first slot,
	// for the done bits b of its slots and the parity p of its first
	// slot's depth (see packedResult.group).
	rows []rowDepths

	// Vertical moves rotate a window of w positions of the tile sequence
	// (see rotate); the change of rank and parity depends only on the
	// Lehmer digits in the window. windowDelta[a][dir] is indexed by those
	// digits as a number in mixed radix (digit i of the sequence is below
	// m-i), split in two sums: the prefix's positions (prefixIndex, for a
	// decoded prefix) and the suffix's (suffixIndex[lo*windows+a], for the
	// suffix's relative order lo).
	windows   int
	suffixIdx []uint32
	delta     []int32     // the tables of every window and direction: delta<<1 | parity change
	deltaAt   [][2]uint32 // deltaAt[a][dir]: where window a's table for dir starts in delta
	radix     [][]uint32  // radix[a][i]: the weight of digit a+i in window a's index
}

var shapes sync.Map // board.Size -> *shape

func shapeFor(size board.Size) *shape { return perShape(&shapes, size, newShape) }

func newShape(size board.Size) *shape {
	n, w := size.Cells(), size.W
	m := n - 1
	sh := &shape{n: n, w: w, h: size.H, m: m, groups: rank.Factorial(m) / 2, mv: moverFor(size)}
	sh.memberShift = uint(2 * n)
	for z := range n {
		bit := uint32(1) << (2 * z)
		sh.low |= bit
		sh.colour[cellColour(z, w)] |= bit
		sh.parity[1^cellColour(z, w)] |= bit
		if z%w != w-1 {
			sh.leftOK |= bit
		}
		if z%w != 0 {
			sh.rightOK |= bit
		} else {
			sh.rowFirst |= bit
		}
		if z >= w || z+w < n {
			sh.vertical |= bit
		}
		sh.rowOf[z] = uint8(z / w)
		sh.rowBits[z/w] |= 3 * bit
	}
	for z := range n {
		sh.slot[z] = slotBits{both: 3 << (2 * z), open: open << (2 * z), row: sh.rowBits[z/w], member: 1 << (sh.memberShift + uint(z/w))}
	}
	sh.lowBits = make([]uint8, 1<<(2*w))
	for f := range sh.lowBits {
		for j := range w {
			sh.lowBits[f] |= uint8(f>>(2*j)&1) << j
		}
	}
	sh.rows = make([]rowDepths, 1<<(w+1))
	for key := range sh.rows {
		b, p := key>>1, key&1
		off := 0
		for j := 1; j < w; j++ {
			// Up by one exactly when this slot's bit is the one
			// before's xor that one's parity.
			if b>>j&1 == (b>>(j-1)^p^(j-1))&1 {
				off++
			} else {
				off--
			}
			if off > 0 {
				sh.rows[key].pos |= uint64(off) << (8 * j)
			} else {
				sh.rows[key].neg |= uint64(-off) << (8 * j)
			}
		}
	}
	sh.windows = m - w + 1
	mv := sh.mv
	sh.radix = make([][]uint32, sh.windows)
	sh.deltaAt = make([][2]uint32, sh.windows)
	for a := range sh.windows {
		r := make([]uint32, w)
		size := uint32(1)
		for i := w - 1; i >= 0; i-- {
			r[i] = size
			size *= uint32(m - a - i)
		}
		sh.radix[a] = r
		for dir := range 2 {
			sh.deltaAt[a][dir] = uint32(len(sh.delta)) + uint32(dir)*size
		}
		sh.delta = append(sh.delta, make([]int32, 2*size)...)
		// Every value of the window's digits: a sequence with those digits
		// (and 0 elsewhere) has the window's relative order.
		var dig, seq [MaxCells]uint8
		for idx := range size {
			rest := idx
			for i := range w {
				dig[a+i] = uint8(rest / r[i])
				rest %= r[i]
			}
			rank.Unrank(lexOf(dig[:m], mv), seq[:m])
			for dir := range 2 {
				delta, par := rotate(seq[a:a+w], dig[a:a+w], mv.fact[a:a+w], dir)
				sh.delta[sh.deltaAt[a][dir]+idx] = int32(delta)<<1 | int32(par)
			}
		}
	}
	orders := int(mv.sufOrders)
	sh.suffixIdx = make([]uint32, orders*sh.windows)
	for lo := range orders {
		for a := range sh.windows {
			var idx uint32
			for i := range w {
				if j := a + i; j >= mv.pre {
					idx += uint32(mv.dig[lo*mv.suf+j-mv.pre]) * sh.radix[a][i]
				}
			}
			sh.suffixIdx[lo*sh.windows+a] = idx
		}
	}
	return sh
}

// lexOf returns the lexicographic rank of the sequence with Lehmer digits
// dig.
func lexOf(dig []uint8, mv *mover) uint64 {
	var r uint64
	for i, d := range dig {
		r += uint64(d) * mv.fact[i]
	}
	return r
}

// prefixIndex returns the part of window a's digit index that comes from
// the positions of the decoded prefix p.
func (sh *shape) prefixIndex(p *prefix, a int) uint32 {
	var idx uint32
	for i := range sh.w {
		if j := a + i; j < sh.mv.pre {
			idx += uint32(p.dig[j]) * sh.radix[a][i]
		}
	}
	return idx
}

// cellColour returns the colour of cell z of a board of width w on a
// checkerboard: every move changes the colour of the blank's cell.
func cellColour(z, w int) int { return (z/w + z%w) & 1 }
