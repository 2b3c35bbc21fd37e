// Package rotation gives the change of a tile sequence's rank when a move
// of the blank along a column rotates a window of it: the one kernel of
// the search of package bfs and of the proof of package table.
//
// A board's tile sequence is its tiles in reading order, the blank
// skipped. When the blank moves up (down) on a board of width w, the tile
// that moves passes the w-1 tiles between its old and new cells: the
// window of w positions from the tile's old (new) position rotates left
// (right) by one. Only the window's Lehmer digits change, and the change of
// lexicographic rank, and of parity, depends on those digits alone; a
// Table holds it for every window and every value of the digits.
//
// A sequence of m positions splits into a prefix of Pre positions and a
// suffix of the last Suf (at most 7). Its rank is hi*Suf! + lo, where hi
// numbers the prefix and lo is the rank of the suffix's relative order.
// Consecutive sequences share their prefix for Suf! ranks at a time, so a
// loop over them decodes a prefix once (Prefix) and reads everything about
// the suffix from tables indexed by lo. A window's index in the tables of
// changes is the sum of the part its prefix positions give (PrefixIndex)
// and the part its suffix positions give (SuffixIndex).
package rotation

import (
	"math/bits"
	"sync"

	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/rank"
)

// MaxLen is the longest sequence a Table handles: the tiles of a board of
// 12 cells.
const MaxLen = 11

// MaxSuffix is the longest suffix the tables cover: 7! = 5040 relative
// orders.
const MaxSuffix = 7

// Directions of a window's rotation.
const (
	Left  = 0 // the first tile moves last: the blank moves up
	Right = 1 // the last tile moves first: the blank moves down
)

// Table holds the changes of rank of sequences of M positions when a window
// of W rotates, and the suffix tables of their decomposition. It is
// read-only and shared.
type Table struct {
	M, W      int
	Pre, Suf  int         // prefix and suffix lengths, Pre+Suf = M
	SufOrders uint64      // Suf!: the relative orders of a suffix
	Sharing   Divisor     // Suf!/2: consecutive pairs of sequences that share a prefix
	Fact      [16]uint64  // Fact[i] = (M-1-i)!, the weight of digit i
	Dig       []uint8     // Dig[lo*Suf+j]: Lehmer digit j of suffix order lo
	Par       []uint8     // Par[lo]: parity of suffix order lo
	Windows   int         // the windows: starts 0 to M-W
	SuffixIdx []uint32    // SuffixIdx[lo*Windows+a]: window a's index, the suffix's part, for suffix order lo
	Delta     []int32     // the changes of every window and direction: change of rank<<1 | change of parity
	DeltaAt   [][2]uint32 // DeltaAt[a][dir]: where window a's changes for dir start in Delta
	radix     [][]uint32  // radix[a][i]: the weight of digit a+i in window a's index
}

var tables sync.Map // [2]int{m, w} -> *Table

// For returns the Table of sequences of m positions, 1 <= m <= MaxLen, and
// windows of w, 1 <= w <= m, built once and shared.
func For(m, w int) *Table {
	key := [2]int{m, w}
	if v, ok := tables.Load(key); ok {
		return v.(*Table)
	}
	v, _ := tables.LoadOrStore(key, newTable(m, w))
	return v.(*Table)
}

// Memory returns the bytes of the Table For(m, w) returns, without
// building it.
func Memory(m, w int) uint64 {
	suf := min(m, MaxSuffix)
	orders := rank.Factorial(suf)
	b := orders*uint64(suf+1) + orders*uint64(m-w+1)*4
	for a := 0; a <= m-w; a++ {
		entries := uint64(1)
		for i := range w {
			entries *= uint64(m - a - i)
		}
		b += 2 * entries * 4
	}
	return b
}

func newTable(m, w int) *Table {
	suf := min(m, MaxSuffix)
	t := &Table{M: m, W: w, Suf: suf, Pre: m - suf, SufOrders: rank.Factorial(suf)}
	t.Sharing = NewDivisor(t.SufOrders / 2)
	for i := range m {
		t.Fact[i] = rank.Factorial(m - 1 - i)
	}
	orders := int(t.SufOrders)
	t.Dig = make([]uint8, orders*suf)
	t.Par = make([]uint8, orders)
	p := make([]uint8, suf)
	for lo := range orders {
		rank.Unrank(uint64(lo), p)
		d := t.Dig[lo*suf : lo*suf+suf]
		var sum uint8
		for j := range suf {
			for _, v := range p[j+1:] {
				if v < p[j] {
					d[j]++
				}
			}
			sum += d[j]
		}
		t.Par[lo] = sum & 1
	}
	t.Windows = m - w + 1
	t.radix = make([][]uint32, t.Windows)
	t.DeltaAt = make([][2]uint32, t.Windows)
	for a := range t.Windows {
		r := make([]uint32, w)
		size := uint32(1)
		for i := w - 1; i >= 0; i-- {
			r[i] = size
			size *= uint32(m - a - i)
		}
		t.radix[a] = r
		for dir := range 2 {
			t.DeltaAt[a][dir] = uint32(len(t.Delta)) + uint32(dir)*size
		}
		t.Delta = append(t.Delta, make([]int32, 2*size)...)
		// Every value of the window's digits: a sequence with those digits
		// (and 0 elsewhere) has the window's relative order.
		var dig, seq [16]uint8
		for idx := range size {
			rest := idx
			for i := range w {
				dig[a+i] = uint8(rest / r[i])
				rest %= r[i]
			}
			var lex uint64
			for i, d := range dig[:m] {
				lex += uint64(d) * t.Fact[i]
			}
			rank.Unrank(lex, seq[:m])
			for dir := range 2 {
				delta, par := Rotate(seq[a:a+w], dig[a:a+w], t.Fact[a:a+w], dir)
				t.Delta[t.DeltaAt[a][dir]+idx] = int32(delta)<<1 | int32(par)
			}
		}
	}
	t.SuffixIdx = make([]uint32, orders*t.Windows)
	for lo := range orders {
		for a := range t.Windows {
			var idx uint32
			for i := range w {
				if j := a + i; j >= t.Pre {
					idx += uint32(t.Dig[lo*suf+j-t.Pre]) * t.radix[a][i]
				}
			}
			t.SuffixIdx[lo*t.Windows+a] = idx
		}
	}
	return t
}

// PrefixIndex returns the part of window a's index that the positions of
// the decoded prefix p give.
func (t *Table) PrefixIndex(p *Prefix, a int) uint32 {
	var idx uint32
	for i := range t.W {
		if j := a + i; j < t.Pre {
			idx += uint32(p.Dig[j]) * t.radix[a][i]
		}
	}
	return idx
}

// Prefix is a decoded prefix: a loop's cache, valid for consecutive
// sequences while their prefix stays the same.
type Prefix struct {
	Hi  uint64 // the prefix's number
	Par uint8  // parity of its digits
	Seq [16]uint8
	Dig [16]uint8
}

// Set decodes prefix hi of t's sequences into p.
func (t *Table) Set(p *Prefix, hi uint64) {
	r := hi * t.SufOrders // the rank of the first sequence with this prefix
	free := uint32(1)<<t.M - 1
	var sum uint8
	for i := range t.Pre {
		d := r / t.Fact[i]
		r -= d * t.Fact[i]
		v := bitx.NthSet(free, int(d))
		p.Seq[i], p.Dig[i] = v, uint8(d)
		sum += uint8(d)
		free &^= 1 << v
	}
	p.Hi, p.Par = hi, sum&1
}

// Rotate returns the change of rank and of parity when the window of a
// sequence with values s, Lehmer digits d and digit weights f rotates
// left or right (dir).
//
// Rotating left, the value x = s[0] passes the others: each of them moves
// one place left and gains x behind it if x is smaller, and x, now last,
// keeps behind it what its digit counted except the window's values
// smaller than it. Rotating right is the mirror image.
func Rotate(s, d []uint8, f []uint64, dir int) (int64, uint64) {
	w := len(s)
	var r, sum int64
	if dir == Left {
		x := s[0]
		var above int64
		prev := int64(d[0])
		for i := 1; i < w; i++ {
			gt := b2i(x < s[i])
			above += gt
			delta := int64(d[i]) + gt - prev
			prev = int64(d[i])
			r += delta * int64(f[i-1])
			sum += delta
		}
		delta := int64(d[0]) - int64(w-1) + above - prev
		r += delta * int64(f[w-1])
		sum += delta
	} else {
		x := s[w-1]
		var below int64
		for i := range w - 1 {
			gt := b2i(x < s[i])
			below += 1 - gt
			delta := int64(d[i]) - gt - int64(d[i+1])
			r += delta * int64(f[i+1])
			sum += delta
		}
		delta := int64(d[w-1]) + below - int64(d[0])
		r += delta * int64(f[0])
		sum += delta
	}
	return r, uint64(sum) & 1
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Divisor divides numbers below 2^32 by a constant with a multiplication
// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
type Divisor struct{ D, magic uint64 }

// NewDivisor returns the Divisor by d > 0.
func NewDivisor(d uint64) Divisor {
	if d == 1 {
		return Divisor{D: 1}
	}
	return Divisor{D: d, magic: ^uint64(0)/d + 1}
}

// Div returns x/D for x < 2^32.
func (v Divisor) Div(x uint64) uint64 {
	if v.magic == 0 {
		return x
	}
	hi, _ := bits.Mul64(x, v.magic)
	return hi
}
