package bfs

import (
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/rotation"
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

// multiSlotBits describes a slot's bits in its group's word in the
// multi-tile metric (see multi.go).
type multiSlotBits struct {
	bit    uint64 // its bit
	others uint64 // the bits of the other slots of its row
	shift  uint64 // where its row's byte starts
	tent   uint64 // the other slots of its row: w-1
}

// rowDepths holds the depths of the slots of a row relative to the first,
// a byte each from the lowest, in two parts: those above and those below;
// and the steps along the row, bit j-1 set if slot j's depth is one more
// than slot j-1's.
type rowDepths struct {
	pos, neg uint64
	steps    uint8
}

// shape holds what the packed search needs to know about one board shape:
// the layout of a group's word and the changes of rank of vertical moves.
type shape struct {
	n, w, h, m int
	groups     uint64 // (n-1)!/2

	memberShift uint
	low         uint32    // the low bit of every slot
	colour      [2]uint32 // the low bits of the slots whose blank has colour 0, 1
	leftOK      uint32    // low bits of the slots that are a left neighbour's target: z%w != w-1
	rightOK     uint32    // and a right neighbour's: z%w != 0
	rowFirst    uint32    // low bits of the slots of the rows' first cells
	vertical    uint32    // low bits of the slots with a vertical move
	done        uint32    // high bits of every slot: all set once each is expanded
	rowOf       [16]uint8
	rowBits     [16]uint32 // both bits of every slot of row r
	parity      [2]uint32  // parity[g]: low bits of the slots whose depth is odd, for a goal blank of colour g
	slot        [16]slotBits
	multiSlot   [16]multiSlotBits
	// lowBits[f]: the low bits of the slots of a row whose bits are f,
	// one a slot.
	lowBits []uint8
	// members[m]: the reachable set's bits of a group whose rows are
	// all reached, bit r of m being row r's member bit (see
	// packedResult.pattern).
	members []uint64
	// rows[b<<1|p]: the depths along a row relative to its first slot,
	// for the done bits b of its slots and the parity p of its first
	// slot's depth (see packedResult.group).
	rows []rowDepths

	// rot gives the change of rank of a vertical move (see package
	// rotation).
	rot *rotation.Table
}

func shapeFor(size board.Size) *shape { return perShape(&shapes, size, newShape) }

func newShape(size board.Size) *shape {
	n, w := size.Cells(), size.W
	m := n - 1
	sh := &shape{n: n, w: w, h: size.H, m: m, groups: rank.Factorial(m) / 2, rot: rotation.For(m, w)}
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
		r := uint64(z / w)
		row := (uint64(1)<<w - 1) << (r * uint64(w))
		sh.multiSlot[z] = multiSlotBits{bit: 1 << z, others: row &^ (1 << z), shift: multiRowShift + 8*r, tent: uint64(w - 1)}
		sh.slot[z] = slotBits{both: 3 << (2 * z), open: open << (2 * z), row: sh.rowBits[z/w], member: 1 << (sh.memberShift + uint(z/w))}
	}
	sh.done = sh.low << 1
	sh.members = make([]uint64, 1<<sh.h)
	for m := range sh.members {
		for r := range sh.h {
			sh.members[m] |= (uint64(1)<<w - 1) << (uint64(m>>r&1)*uint64(n) + uint64(r*w))
		}
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
				sh.rows[key].steps |= 1 << (j - 1)
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
	return sh
}

var shapes sync.Map // board.Size -> *shape

// perShape returns the value cache holds for size, building it with build
// the first time. Two first callers may both build; one value is kept.
func perShape[T any](cache *sync.Map, size board.Size, build func(board.Size) T) T {
	if v, ok := cache.Load(size); ok {
		return v.(T)
	}
	v, _ := cache.LoadOrStore(size, build(size))
	return v.(T)
}

// cellColour returns the colour of cell z of a board of width w on a
// checkerboard: every move changes the colour of the blank's cell.
func cellColour(z, w int) int { return (z/w + z%w) & 1 }
