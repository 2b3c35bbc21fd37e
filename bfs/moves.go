package bfs

import (
	"math/bits"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/rank"
)

// A board's tile sequence (its tiles in reading order, the blank skipped)
// splits into a prefix of pre positions and a suffix of the last suf. The
// lexicographic rank of the sequence is hi*suf! + lo, where hi numbers the
// prefix and lo is the rank of the suffix's relative order: the order of
// its tiles among themselves. Consecutive slot groups share their prefix
// for suf!/2 groups at a time, so a worker decodes a prefix once and reads
// everything about the suffix from tables indexed by lo.
//
// A vertical move of the blank rotates a window of w consecutive positions
// of the sequence by one: the tile that moves passes the w-1 tiles between
// its old and new cells. Only the Lehmer digits of the window change, and
// the change of rank depends on those digits alone (see rotate and
// shape).

// maxSuffix is the longest suffix the tables cover: 7! = 5040 relative
// orders.
const maxSuffix = 7

// Directions of a vertical move of the blank.
const (
	up   = 0 // the tile above moves down; its window rotates left
	down = 1 // the tile below moves up; its window rotates right
)

// tableMemory bounds the bytes of one shape's suffix tables: 7! suffix
// orders of 16 bytes each.
const tableMemory = 5040 * 16

// mover holds the tables of one board shape.
type mover struct {
	w, n, m   int              // width, cells, tiles
	suf, pre  int              // suffix and prefix lengths, suf+pre = m
	sufOrders uint64           // suf!: the relative orders of a suffix
	sharing   divisor          // suf!/2: consecutive groups that share a prefix
	fact      [MaxCells]uint64 // fact[i] = (m-1-i)!, the weight of digit i
	dig       []uint8          // dig[lo*suf+j]: its Lehmer digits
	par       []uint8          // par[lo]: parity of suffix lo
}

var movers sync.Map // board.Size -> *mover, built once a shape

func moverFor(size board.Size) *mover { return perShape(&movers, size, newMover) }

// perShape returns the value cache holds for size, building it with build
// the first time. Two first callers may both build; one value is kept.
func perShape[T any](cache *sync.Map, size board.Size, build func(board.Size) T) T {
	if v, ok := cache.Load(size); ok {
		return v.(T)
	}
	v, _ := cache.LoadOrStore(size, build(size))
	return v.(T)
}

func newMover(size board.Size) *mover {
	n := size.Cells()
	m := n - 1
	suf := min(m, maxSuffix)
	mv := &mover{w: size.W, n: n, m: m, suf: suf, pre: m - suf, sufOrders: rank.Factorial(suf)}
	mv.sharing = newDivisor(mv.sufOrders / 2)
	for i := range m {
		mv.fact[i] = rank.Factorial(m - 1 - i)
	}
	orders := int(mv.sufOrders)
	mv.dig = make([]uint8, orders*suf)
	mv.par = make([]uint8, orders)
	p := make([]uint8, suf)
	for lo := range orders {
		rank.Unrank(uint64(lo), p)
		d := mv.dig[lo*suf : lo*suf+suf]
		var sum uint8
		for j := range suf {
			for _, v := range p[j+1:] {
				if v < p[j] {
					d[j]++
				}
			}
			sum += d[j]
		}
		mv.par[lo] = sum & 1
	}
	return mv
}

// rotate returns the change of rank and of parity when the window of a tile
// sequence with tiles s, Lehmer digits d and digit weights f rotates: left
// (s[0] moves last) for up, right (the last tile moves first) for down.
//
// Rotating left, the tile x = s[0] passes the others: each of them moves
// one place left and gains x behind it if x is smaller, and x, now last,
// keeps behind it what its digit counted except the window's tiles smaller
// than it. Rotating right is the mirror image.
func rotate(s, d []uint8, f []uint64, dir int) (int64, uint64) {
	w := len(s)
	var r, sum int64
	if dir == up {
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

// divisor divides numbers below 2^32 by a constant with a multiplication
// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019).
type divisor struct{ d, magic uint64 }

func newDivisor(d uint64) divisor {
	if d == 1 {
		return divisor{d: 1}
	}
	return divisor{d: d, magic: ^uint64(0)/d + 1}
}

func (v divisor) div(x uint64) uint64 {
	if v.magic == 0 {
		return x
	}
	hi, _ := bits.Mul64(x, v.magic)
	return hi
}

// prefix is a decoded prefix: a worker's cache, valid for consecutive
// groups while their prefix stays the same.
type prefix struct {
	hi    uint64 // the prefix's number
	valid bool
	par   uint8 // parity of its digits
	seq   [MaxCells]uint8
	dig   [MaxCells]uint8
}

// set decodes prefix hi.
func (p *prefix) set(mv *mover, hi uint64) {
	r := hi * mv.sufOrders // the lexicographic rank of the first sequence with this prefix
	free := uint32(1)<<mv.m - 1
	var sum uint8
	for i := range mv.pre {
		d := r / mv.fact[i]
		r -= d * mv.fact[i]
		v := bitx.NthSet(free, int(d))
		p.seq[i], p.dig[i] = v, uint8(d)
		sum += uint8(d)
		free &^= 1 << v
	}
	p.hi, p.valid, p.par = hi, true, sum&1
}
