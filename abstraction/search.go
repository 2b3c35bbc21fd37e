package abstraction

import (
	"context"
	"math/bits"
	"sync/atomic"

	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/parallel"
)

// Unreached is the depth of an arrangement the goal's cannot reach, as a
// table holds it.
const Unreached = 0xFF

// groupChunk is the groups a worker takes at once: a multiple of 64, so
// that a chunk's bits fill whole words of a bitmap whatever n is.
const groupChunk = 4096

// searcher is a breadth-first search over the arrangements of one classing,
// from the goal's. It keeps a byte a board, its depth, and three bitmaps
// of a bit an arrangement: seen, the level's frontier, and the next level.
// A level either pushes, expanding each arrangement of the frontier and
// marking its unseen neighbours in next (with atomic ORs, as two workers
// may reach one arrangement), or, once the frontier is large, pulls,
// looking at each unseen arrangement for a neighbour in the frontier
// (each worker marks its own). Either way only next is written during a
// level and seen and front are only read, so the workers need no locks;
// between levels, merge makes next the frontier and records the depths.
type searcher struct {
	x                 *indexer
	mv                *moves
	n                 uint64
	depth             []byte
	seen, front, next []uint64
	workers           int
}

// searchMemory returns the bytes a search of arrangements needs.
func searchMemory(arrangements uint64) uint64 {
	return arrangements + 3*((arrangements+63)/64*8)
}

// levelFunc is called after each level with its depth and arrangements.
type levelFunc func(depth int, found uint64)

// run searches from the arrangement goal and returns the depth of every
// arrangement and the count at each depth.
func (s *searcher) run(ctx context.Context, goal uint64, level levelFunc) ([]uint64, error) {
	total := s.x.groups * s.n
	words := (total + 63) / 64
	s.depth = mem.Bytes(total)
	s.seen, s.front, s.next = mem.Words(words), mem.Words(words), mem.Words(words)
	fill(ctx, s.workers, s.depth, Unreached)
	s.depth[goal] = 0
	s.seen[goal>>6] |= 1 << (goal & 63)
	s.front[goal>>6] |= 1 << (goal & 63)
	counts := []uint64{1}
	if level != nil {
		level(0, 1)
	}
	unseen := total - 1
	for d := 0; ; d++ {
		front := counts[d]
		pull := front > unseen/8
		err := parallel.Chunks(ctx, s.workers, s.x.groups, groupChunk, func(lo, hi uint64) error {
			if pull {
				s.pull(lo, hi)
			} else {
				s.push(lo, hi)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		found, err := s.merge(ctx, uint8(d+1))
		if err != nil {
			return nil, err
		}
		if found == 0 {
			break
		}
		unseen -= found
		counts = append(counts, found)
		if level != nil {
			level(d+1, found)
		}
	}
	s.seen, s.front, s.next = nil, nil, nil
	return counts, nil
}

// groupBits returns the n bits of group g in bitmap b.
func groupBits(b []uint64, g, n uint64) uint32 {
	lo := g * n
	w, off := lo>>6, lo&63
	v := b[w] >> off
	if off+n > 64 {
		v |= b[w+1] << (64 - off)
	}
	return uint32(v) & (1<<n - 1)
}

// orGroup sets the bits of v in group g of bitmap b, atomically.
func orGroup(b []uint64, g, n uint64, v uint32) {
	lo := g * n
	w, off := lo>>6, lo&63
	atomic.OrUint64(&b[w], uint64(v)<<off)
	if off+n > 64 {
		if hi := uint64(v) >> (64 - off); hi != 0 {
			atomic.OrUint64(&b[w+1], hi)
		}
	}
}

// isSet reports whether bit i of b is set.
func isSet(b []uint64, i uint64) bool { return b[i>>6]&(1<<(i&63)) != 0 }

// cursor holds the sequence of one group and the arrangements made from
// it, for a worker that goes through groups in increasing order.
type cursor struct {
	x     *indexer
	g     uint64 // the group whose sequence is in seq; ^0 for none
	seq   [maxCells]uint8
	a     [maxCells]uint8 // an arrangement of the group
	codes [4]uint32       // the chunk codes of a
}

func newCursor(x *indexer) *cursor { return &cursor{x: x, g: ^uint64(0)} }

// to sets the cursor's sequence to that of group g: the next sequence if
// g follows the one it holds, else unranked.
func (c *cursor) to(g uint64) {
	m := c.x.n - 1
	if g != c.g+1 || c.g == ^uint64(0) || !nextSequence(c.seq[:m]) {
		c.x.unrank(g, c.seq[:m])
	}
	c.g = g
}

// place sets a and codes to the arrangement of the group with the blank in
// cell z.
func (c *cursor) place(z int) {
	n := c.x.n
	copy(c.a[:z], c.seq[:z])
	c.a[z] = 0
	copy(c.a[z+1:n], c.seq[z:n-1])
	c.codes = c.x.codes(c.a[:n])
}

// neighbours calls f with the index of every arrangement one move along
// a column from the cursor's arrangement, whose blank is in cell z, and
// stops when f returns true. The moves along the row keep the group and
// are not included.
func (c *cursor) neighbours(mv *moves, z int, f func(j uint64) bool) bool {
	x := c.x
	for _, ray := range mv.ray[z] {
		cur, b := c.codes, z
		for _, cell := range ray {
			// The tile in cell slides into the blank's cell b, and the
			// blank goes on to cell.
			l := uint32(c.a[cell])
			cur[b>>2] += l * x.weight[b]
			cur[cell>>2] -= l * x.weight[cell]
			b = int(cell)
			if f(uint64(x.rank(&cur))*uint64(x.n) + uint64(cell)) {
				return true
			}
		}
	}
	return false
}

// push expands the frontier's arrangements of groups lo to hi.
func (s *searcher) push(lo, hi uint64) {
	c := newCursor(s.x)
	n := s.n
	for g := lo; g < hi; g++ {
		f := groupBits(s.front, g, n)
		if f == 0 {
			continue
		}
		c.to(g)
		var row uint32
		for v := f; v != 0; v &= v - 1 {
			z := bits.TrailingZeros32(v)
			row |= s.mv.rowMask[z]
			c.place(z)
			c.neighbours(s.mv, z, func(j uint64) bool {
				if !isSet(s.seen, j) {
					atomic.OrUint64(&s.next[j>>6], 1<<(j&63))
				}
				return false
			})
		}
		if row &^= groupBits(s.seen, g, n); row != 0 {
			orGroup(s.next, g, n, row)
		}
	}
}

// pull marks the unseen arrangements of groups lo to hi that have a
// neighbour in the frontier.
func (s *searcher) pull(lo, hi uint64) {
	c := newCursor(s.x)
	n := s.n
	all := uint32(1)<<n - 1
	for g := lo; g < hi; g++ {
		u := all &^ groupBits(s.seen, g, n)
		if u == 0 {
			continue
		}
		f := groupBits(s.front, g, n)
		var found uint32
		var placed bool
		for v := u; v != 0; v &= v - 1 {
			z := bits.TrailingZeros32(v)
			if f&s.mv.rowMask[z] != 0 {
				found |= 1 << z
				continue
			}
			if !placed {
				c.to(g)
				placed = true
			}
			c.place(z)
			if c.neighbours(s.mv, z, func(j uint64) bool { return isSet(s.front, j) }) {
				found |= 1 << z
			}
		}
		if found != 0 {
			orGroup(s.next, g, n, found)
		}
	}
}

// merge makes the arrangements of next not seen before the frontier, at
// depth d, clears next and returns how many there are.
func (s *searcher) merge(ctx context.Context, d uint8) (uint64, error) {
	var found atomic.Uint64
	err := parallel.Chunks(ctx, s.workers, uint64(len(s.next)), 1<<14, func(lo, hi uint64) error {
		var count uint64
		for i := lo; i < hi; i++ {
			nw := s.next[i] &^ s.seen[i]
			s.seen[i] |= nw
			s.front[i] = nw
			s.next[i] = 0
			count += uint64(bits.OnesCount64(nw))
			for ; nw != 0; nw &= nw - 1 {
				s.depth[i<<6+uint64(bits.TrailingZeros64(nw))] = d
			}
		}
		found.Add(count)
		return nil
	})
	return found.Load(), err
}

// fill sets every byte of b to v, on workers goroutines.
func fill(ctx context.Context, workers int, b []byte, v byte) {
	_ = parallel.Chunks(ctx, workers, uint64(len(b)), 1<<20, func(lo, hi uint64) error {
		p := b[lo:hi]
		for i := range p {
			p[i] = v
		}
		return nil
	})
}
