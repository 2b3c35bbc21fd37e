package bfs

import "math/bits"

// cursor holds the tile sequences of one slot group and walks forward
// through the groups cheaply.
//
// Group k holds the boards whose tile sequences have lexicographic ranks 2k
// and 2k+1, the same sequence with its last two tiles swapped: variants 0
// and 1. For both the cursor keeps the sequence and its Lehmer digits, and for
// each position the set of tiles from there on. Moving forward a few
// groups is a mixed-radix addition to the digits that rebuilds only the
// positions it changes, usually the last three.
type cursor struct {
	m      int               // tiles: n-1
	w      int               // board width
	n      uint64            // cells
	fact   *[MaxCells]uint64 // fact[i]: weight of digit i, (m-1-i)!
	k      uint64            // current group
	kn     uint64            // k*n, its first slot
	valid  bool              // k and the arrays below describe a group
	parity uint64            // parity of variant 0
	seq    [2][MaxCells]uint8
	dig    [2][MaxCells]uint8
	after  [MaxCells]uint16 // after[i]: set of tiles at positions i.. (the same in both variants for i < m-1)
}

// nth[x][i] is the position of the i-th lowest set bit of x, for the sets of
// up to MaxCells-1 tiles.
var nth = func() *[1 << (MaxCells - 1)][MaxCells - 1]uint8 {
	var t [1 << (MaxCells - 1)][MaxCells - 1]uint8
	for x := range t {
		y := uint32(x)
		for i := 0; y != 0; i++ {
			t[x][i] = uint8(bits.TrailingZeros32(y))
			y &= y - 1
		}
	}
	return &t
}()

func (c *cursor) init(s *search) {
	c.m, c.w, c.n, c.fact = s.n-1, s.w, uint64(s.n), &s.fact
}

// locate moves to the group of a slot and returns the group and the blank's
// cell.
func (c *cursor) locate(slot uint64) (k, z uint64) {
	if c.valid && slot >= c.kn {
		d := slot - c.kn
		if d < c.n {
			return c.k, d
		}
		if d < 8*c.n {
			j := d / c.n
			c.advance(j)
			return c.k, d - j*c.n
		}
	}
	k, z = slot/c.n, slot%c.n
	c.seek(k)
	return k, z
}

// seek moves to group k from anywhere.
func (c *cursor) seek(k uint64) {
	m := c.m
	r := 2 * k
	var sum uint64
	for i := range m {
		f := c.fact[i]
		d := r / f
		r -= d * f
		c.dig[0][i] = uint8(d)
		sum += d
	}
	c.parity = sum & 1
	c.rebuild(0, uint16(1)<<m-1)
	c.k, c.kn, c.valid = k, k*c.n, true
}

// advance moves forward j groups, 0 < j < 8: it adds j to the number whose
// digits are dig[0][0..m-3], digit i running from 0 to m-1-i.
func (c *cursor) advance(j uint64) {
	m := c.m
	dig := &c.dig[0]
	i := m - 3
	carry := uint8(j)
	for ; i >= 0 && carry > 0; i-- {
		radix := uint8(m - i)
		d := dig[i] + carry
		carry = 0
		for d >= radix {
			d -= radix
			carry++
		}
		dig[i] = d
	}
	i = max(i+1, 0)
	var sum uint8
	for _, d := range dig[:m] {
		sum += d
	}
	c.parity = uint64(sum & 1)
	c.rebuild(i, c.after[i])
	c.k += j
	c.kn += j * c.n
}

// rebuild recomputes positions i.. of both variants from the digits of
// variant 0, free being the set of tiles they hold.
func (c *cursor) rebuild(i int, free uint16) {
	m := c.m
	s0, s1, d0, d1, a0 := &c.seq[0], &c.seq[1], &c.dig[0], &c.dig[1], &c.after
	for ; i < m-2; i++ {
		a0[i] = free
		d := d0[i]
		v := nth[free&(1<<(MaxCells-1)-1)][d%(MaxCells-1)]
		s0[i], s1[i], d1[i] = v, v, d
		free &^= 1 << v
	}
	// The last two positions hold the two tiles left, in order in
	// variant 0 and swapped in variant 1.
	lo := uint8(bits.TrailingZeros16(free))
	hi := uint8(15 - bits.LeadingZeros16(free))
	a0[m-2] = free
	s0[m-2], s0[m-1], s1[m-2], s1[m-1] = lo, hi, hi, lo
	d0[m-2], d0[m-1], d1[m-2], d1[m-1] = 0, 0, 1, 0
}

// up returns the tile rank after the blank at cell a+w of variant p moves
// up: the tile x at sequence position a moves to position a+w-1, past the
// w-1 tiles y after it. Only the Lehmer digits of positions a..a+w-1
// change: each y moves one place left and gains x behind it if x < y, and
// x keeps behind it the tiles its digit counted except the ys smaller than
// it. The parity changes with the sum of the digits.
func (c *cursor) up(p, a int) uint64 {
	w := c.w
	seq, dig, fact := &c.seq[p], &c.dig[p], c.fact
	x := seq[a]
	var r, sum, above int64
	prev := int64(dig[a])
	for i := a + 1; i < a+w; i++ {
		gt := b2i(x < seq[i])
		above += gt
		delta := int64(dig[i]) + gt - prev
		prev = int64(dig[i])
		r += delta * int64(fact[i-1])
		sum += delta
	}
	// x's new digit: dig[a] minus the w-1-above tiles of the window below x.
	delta := int64(dig[a]) - int64(w-1) + above - prev
	r += delta * int64(fact[a+w-1])
	sum += delta
	r += int64(2*c.k) + int64(p)
	return uint64(r)&^1 | (c.parity^uint64(p)^uint64(sum))&1
}

// down returns the tile rank after the blank at cell a of variant p moves
// down: the tile x at sequence position a+w-1 moves to position a, before
// the w-1 tiles y ahead of it, each of which moves one place right and
// loses x from behind it if x < y.
func (c *cursor) down(p, a int) uint64 {
	w := c.w
	seq, dig, fact := &c.seq[p], &c.dig[p], c.fact
	x := seq[a+w-1]
	var r, sum, below int64
	for i := a; i < a+w-1; i++ {
		gt := b2i(x < seq[i])
		below += 1 - gt
		delta := int64(dig[i]) - gt - int64(dig[i+1])
		r += delta * int64(fact[i+1])
		sum += delta
	}
	// x's new digit: its old one plus the tiles of the window below it.
	delta := int64(dig[a+w-1]) + below - int64(dig[a])
	r += delta * int64(fact[a])
	sum += delta
	r += int64(2*c.k) + int64(p)
	return uint64(r)&^1 | (c.parity^uint64(p)^uint64(sum))&1
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
