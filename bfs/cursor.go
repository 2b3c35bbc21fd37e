package bfs

import "math/bits"

// cursor holds the tile sequences of one slot group and walks forward
// through the groups cheaply.
//
// Group k holds the boards whose tile sequences have lexicographic ranks 2k
// and 2k+1 (the same sequence with its last two tiles swapped): variants 0
// and 1. The cursor keeps variant 0, its Lehmer digits and, for each
// position, the set of tiles from there on; stepping to the next group is a
// mixed-radix increment of the digits that rebuilds only the positions it
// changes, usually the last three.
type cursor struct {
	m      int               // tiles: n-1
	w      int               // board width
	n      uint64            // cells
	fact   *[MaxCells]uint64 // fact[i]: weight of digit i, (m-1-i)!
	k      uint64            // current group
	kn     uint64            // k*n, its first slot
	valid  bool              // k and the arrays below describe a group
	have1  bool              // variant 1 is up to date
	parity uint64            // parity of variant 0
	seq    [2][MaxCells]uint8
	dig    [2][MaxCells]uint8
	after  [2][MaxCells + 1]uint16 // after[p][i]: set of tiles at positions i.. of variant p
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
		if d < 4*c.n {
			for d >= c.n {
				c.step()
				d -= c.n
			}
			return c.k, d
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
	c.k, c.kn, c.valid, c.have1 = k, k*c.n, true, false
}

// step moves to the next group: it adds one to the number whose digits are
// dig[0][0..m-3], digit i running from 0 to m-1-i.
func (c *cursor) step() {
	m := c.m
	dig := &c.dig[0]
	i := m - 3
	for ; i >= 0; i-- {
		if int(dig[i]) < m-1-i {
			dig[i]++
			c.parity ^= 1
			break
		}
		// Digit i wraps from m-1-i to 0.
		c.parity ^= uint64(m-1-i) & 1
		dig[i] = 0
	}
	i = max(i, 0) // past the last group if i < 0; the search never goes there
	c.rebuild(i, c.after[0][i])
	c.k++
	c.kn += c.n
	c.have1 = false
}

// rebuild recomputes positions i.. of variant 0 from its digits, free being
// the set of tiles they hold.
func (c *cursor) rebuild(i int, free uint16) {
	seq, dig, after := &c.seq[0], &c.dig[0], &c.after[0]
	for ; i < c.m; i++ {
		after[i] = free
		v := nth[free&(1<<(MaxCells-1)-1)][dig[i]%(MaxCells-1)]
		seq[i] = v
		free &^= 1 << v
	}
	after[c.m] = 0
}

// variant1 derives variant 1 from variant 0: the last two tiles swapped.
func (c *cursor) variant1() {
	m := c.m
	c.seq[1], c.dig[1], c.after[1] = c.seq[0], c.dig[0], c.after[0]
	c.seq[1][m-2], c.seq[1][m-1] = c.seq[0][m-1], c.seq[0][m-2]
	c.dig[1][m-2] = 1
	c.after[1][m-1] = 1 << c.seq[1][m-1]
	c.have1 = true
}

// up returns the tile rank after the blank at cell a+w of variant p moves
// up: the tile at sequence position a moves to position a+w-1, past the
// w-1 tiles after it. Only the Lehmer digits of positions a..a+w-1 change;
// the parity changes with their sum.
func (c *cursor) up(p, a int) uint64 {
	w := c.w
	seq, dig, fact := &c.seq[p], &c.dig[p], c.fact
	acc := uint32(c.after[p][a+w])
	x := seq[a]
	nd := int64(bits.OnesCount32(acc & (1<<x - 1)))
	acc |= 1 << x
	delta := nd - int64(dig[a+w-1])
	r := int64(2*c.k) + int64(p) + delta*int64(fact[a+w-1])
	sum := delta
	for i := a + w - 2; i >= a; i-- {
		v := seq[i+1]
		nd := int64(bits.OnesCount32(acc & (1<<v - 1)))
		acc |= 1 << v
		delta := nd - int64(dig[i])
		r += delta * int64(fact[i])
		sum += delta
	}
	return uint64(r)&^1 | (c.parity^uint64(p)^uint64(sum))&1
}

// down returns the tile rank after the blank at cell a of variant p moves
// down: the tile at sequence position a+w-1 moves to position a, before
// the w-1 tiles ahead of it.
func (c *cursor) down(p, a int) uint64 {
	w := c.w
	seq, dig, fact := &c.seq[p], &c.dig[p], c.fact
	acc := uint32(c.after[p][a+w])
	r := int64(2*c.k) + int64(p)
	var sum int64
	for i := a + w - 1; i > a; i-- {
		v := seq[i-1]
		nd := int64(bits.OnesCount32(acc & (1<<v - 1)))
		acc |= 1 << v
		delta := nd - int64(dig[i])
		r += delta * int64(fact[i])
		sum += delta
	}
	x := seq[a+w-1]
	nd := int64(bits.OnesCount32(acc & (1<<x - 1)))
	delta := nd - int64(dig[a])
	r += delta * int64(fact[a])
	sum += delta
	return uint64(r)&^1 | (c.parity^uint64(p)^uint64(sum))&1
}
