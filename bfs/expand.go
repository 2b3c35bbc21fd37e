package bfs

import (
	"math/bits"
	"sync/atomic"
)

// expander is one worker's state in a level: the tile sequences of the slot
// group it is at, kept up to date as it walks forward through the table.
//
// Group k holds the boards whose tile sequences have lexicographic ranks 2k
// and 2k+1 (the same sequence with its last two tiles swapped). The
// expander keeps the sequence of rank 2k, its Lehmer digits and, for each
// position, the set of tiles from there on; stepping to the next group is a
// mixed-radix increment of the digits that rebuilds only the positions it
// changes.
type expander struct {
	s     *search
	cur   uint8  // lane value of the frontier: depth+1
	found uint64 // boards claimed

	m      int    // tiles: n-1
	k      uint64 // current group
	valid  bool   // k and the arrays below describe a group
	have1  bool   // variant 1 (rank 2k+1) is up to date
	parity uint64 // parity of variant 0
	seq    [2][MaxCells]uint8
	dig    [2][MaxCells]uint8
	after  [2][MaxCells + 1]uint32 // after[p][i]: set of tiles at positions i.. of seq[p]
}

func newExpander(s *search, cur uint8) *expander {
	return &expander{s: s, cur: cur, m: s.n - 1}
}

// seek moves to group k.
func (e *expander) seek(k uint64) {
	if e.valid && k >= e.k && k-e.k <= 32 {
		for e.k < k {
			e.step()
		}
		return
	}
	m := e.m
	r := 2 * k
	var sum uint64
	for i := range m {
		f := e.s.fact[i]
		d := r / f
		r -= d * f
		e.dig[0][i] = uint8(d)
		sum += d
	}
	e.parity = sum & 1
	e.rebuild(0, uint32(1)<<m-1)
	e.k, e.valid, e.have1 = k, true, false
}

// step moves to the next group: it adds one to the number whose digits are
// dig[0][0..m-3], digit i running from 0 to m-1-i.
func (e *expander) step() {
	m := e.m
	dig := &e.dig[0]
	i := m - 3
	for ; i >= 0; i-- {
		if int(dig[i]) < m-1-i {
			dig[i]++
			e.parity ^= 1
			break
		}
		// Digit i wraps from m-1-i to 0.
		e.parity ^= uint64(m-1-i) & 1
		dig[i] = 0
	}
	if i < 0 {
		i = 0 // past the last group; not reached by the search
	}
	e.rebuild(i, e.after[0][i])
	e.k++
	e.have1 = false
}

// rebuild recomputes positions i.. of variant 0 from its digits, free being
// the set of tiles they hold.
func (e *expander) rebuild(i int, free uint32) {
	seq, dig, after := &e.seq[0], &e.dig[0], &e.after[0]
	for ; i < e.m; i++ {
		after[i] = free
		x := free
		for range dig[i] {
			x &= x - 1
		}
		v := uint8(bits.TrailingZeros32(x))
		seq[i] = v
		free &^= 1 << v
	}
	after[e.m] = 0
}

// variant1 derives rank 2k+1 from rank 2k: the last two tiles swapped.
func (e *expander) variant1() {
	m := e.m
	e.seq[1], e.dig[1], e.after[1] = e.seq[0], e.dig[0], e.after[0]
	e.seq[1][m-2], e.seq[1][m-1] = e.seq[0][m-1], e.seq[0][m-2]
	e.dig[1][m-2] = 1
	e.after[1][m-1] = 1 << e.seq[1][m-1]
	e.have1 = true
}

// board expands the board in a slot at the frontier.
func (e *expander) board(slot uint64) {
	s := e.s
	n := uint64(s.n)
	var k, z uint64
	if e.valid && slot >= e.k*n && slot-e.k*n < 32*n {
		k = e.k
		z = slot - k*n
		for z >= n {
			k++
			z -= n
		}
	} else {
		k, z = slot/n, slot%n
	}
	e.seek(k)
	q := uint64(atomic.LoadUint64(&s.lanes[slot/8])>>byteShift(slot%8)) >> 7 & 1
	p := int(q ^ e.parity) // the variant whose tile rank has low bit q
	if p == 1 && !e.have1 {
		e.variant1()
	}
	w := uint64(s.w)
	t := 2*k | q
	if z%w > 0 {
		e.visit(t, z-1)
	}
	if z%w < w-1 {
		e.visit(t, z+1)
	}
	if z >= w {
		// The tile above, at sequence position z-w, moves down past the
		// w-1 tiles after it: rotate seq[z-w:z] left by one.
		e.visit(e.rotated(p, int(z-w), true), z-w)
	}
	if z+w < n {
		// The tile below, at sequence position z+w-1, moves up before the
		// w-1 tiles ahead of it: rotate seq[z:z+w] right by one.
		e.visit(e.rotated(p, int(z), false), z+w)
	}
}

// rotated returns the tile rank after rotating the window of w positions of
// variant p starting at a, left (the first element goes last) or right.
// Only the window's Lehmer digits change; the parity changes with their sum.
func (e *expander) rotated(p, a int, left bool) uint64 {
	w := e.s.w
	seq := &e.seq[p]
	dig := &e.dig[p]
	fact := &e.s.fact
	acc := e.after[p][a+w]
	r := int64(2*e.k) + int64(p)
	parity := e.parity ^ uint64(p)
	for i := w - 1; i >= 0; i-- {
		var v uint8
		switch {
		case left && i == w-1:
			v = seq[a]
		case left:
			v = seq[a+i+1]
		case i == 0:
			v = seq[a+w-1]
		default:
			v = seq[a+i-1]
		}
		nd := int64(bits.OnesCount32(acc & (1<<v - 1)))
		acc |= 1 << v
		delta := nd - int64(dig[a+i])
		r += delta * int64(fact[a+i])
		parity ^= uint64(delta) & 1
	}
	return uint64(r)&^1 | parity
}

// visit claims the board with tile rank t and blank z if no board of its
// slot has been reached.
func (e *expander) visit(t, z uint64) {
	s := e.s
	slot := t>>1*uint64(s.n) + z
	word := &s.lanes[slot/8]
	sh := byteShift(slot % 8)
	v := uint64(e.cur+1) | (t&1)<<7
	for {
		old := atomic.LoadUint64(word)
		if b := old >> sh & 0xFF; b != 0 {
			if b>>7 != t&1 {
				s.failed.Store(1) // the other board of the slot was reached
			}
			return
		}
		if atomic.CompareAndSwapUint64(word, old, old|v<<sh) {
			break
		}
	}
	e.found++
	r := slot / 8 / regionWords
	if f := &s.next[r/64]; atomic.LoadUint64(f)&(1<<(r%64)) == 0 {
		atomic.OrUint64(f, 1<<(r%64))
	}
}
