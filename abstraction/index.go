package abstraction

import (
	"fmt"
	"math"
)

// An arrangement of a classing is numbered by its group and its blank:
//
//	index = group * n + blank cell
//
// where the group is the lexicographic rank of its sequence, the classes
// of the n-1 tiles in reading order with the blank skipped, among the
// arrangements of the classes' multiset. A move along a row keeps the
// sequence, so it changes only the blank's digit: the n arrangements of
// one sequence are one group, next to each other in the table.
//
// The rank is a sum of four table lookups, one for each chunk of four
// cells in reading order (a row of the 4x4), indexed by the chunk's code,
// the digits of its classes in base k+1 with the blank's digit 0. The rank
// adds, for each tile of the sequence, the number of sequences that agree
// with it before the tile and have a smaller class there: how many depends
// on the classes from the tile on, the rest of the sequence. For the
// first chunk that rest is the whole multiset less what comes before in
// the chunk, known from the chunk alone; for the last, the chunk's own
// tiles. The second chunk needs the multiset of the first as well, and the
// third that of the fourth: their tables are indexed by that multiset too
// (ms). A board of fewer cells leaves the last chunks empty, their codes 0.
type indexer struct {
	n      int
	k      int    // classes beside the blank
	base   uint32 // k+1, the base of a chunk's code
	bpow   uint32 // base^4, the codes of a chunk
	groups uint64 // sequences
	total  [MaxClasses + 1]int
	weight [maxCells]uint32 // base^(c%4): the digit of cell c in its chunk's code
	t      [4][]uint32      // each chunk's part of the rank, by code (and multiset)
	ms     []uint32         // the multiset of a chunk's code, times bpow
	// seqs[r] is the number of sequences of the multiset r, numbered by
	// the sum of its counts times stride: seqs[full] = groups.
	seqs   []uint64
	stride [MaxClasses + 1]int
	full   int // the number of the whole multiset
}

// newIndexer returns the indexer of the arrangements of c.
func newIndexer(c *Classing) (*indexer, error) {
	n := len(c.cells)
	x := &indexer{n: n, k: c.k, base: uint32(c.k + 1)}
	x.bpow = x.base * x.base * x.base * x.base
	copy(x.total[:], c.counts)
	x.total[0] = 0 // the blank is not in the sequence
	x.groups = multinomial(x.total[:x.k+1])
	if x.groups > math.MaxUint32 {
		return nil, fmt.Errorf("%w: %s has %d sequences of classes, more than %d", ErrClassing, c, x.groups, uint64(math.MaxUint32))
	}
	for cell := range n {
		x.weight[cell] = pow(x.base, cell%4)
	}
	x.sequenceCounts()
	ids := x.multisets()
	for j := range 4 {
		x.t[j] = x.chunkTable(j, ids)
	}
	return x, nil
}

// sequenceCounts fills x.seqs, x.stride and x.full.
func (x *indexer) sequenceCounts() {
	size := 1
	for l := 1; l <= x.k; l++ {
		x.stride[l] = size
		x.full += x.total[l] * size
		size *= x.total[l] + 1
	}
	x.seqs = make([]uint64, size)
	var r [MaxClasses + 1]int
	for key := range size {
		rest := key
		for l := x.k; l >= 1; l-- {
			r[l] = rest / x.stride[l]
			rest %= x.stride[l]
		}
		x.seqs[key] = multinomial(r[:x.k+1])
	}
}

// multisets numbers the multisets of at most four classes and sets x.ms;
// it returns the multisets in the order of their numbers, each as the
// count of each class.
func (x *indexer) multisets() [][MaxClasses + 1]int {
	var out [][MaxClasses + 1]int
	id := map[[MaxClasses + 1]int]uint32{}
	x.ms = make([]uint32, x.bpow)
	for code := range x.bpow {
		m := x.digitCounts(code, 4)
		v, ok := id[m]
		if !ok {
			v = uint32(len(out))
			id[m] = v
			out = append(out, m)
		}
		x.ms[code] = v * x.bpow
	}
	return out
}

// digitCounts returns how many of the first m digits of code are each
// class, the blank's digit 0 not counted.
func (x *indexer) digitCounts(code uint32, m int) [MaxClasses + 1]int {
	var cnt [MaxClasses + 1]int
	for range m {
		if d := code % x.base; d != 0 {
			cnt[d]++
		}
		code /= x.base
	}
	return cnt
}

// chunkTable returns the table of chunk j: for each multiset the chunk's
// key can be (that of the first chunk for the second, of the fourth for
// the third; none for the others) and each code, the chunk's part of the
// rank. Entries of codes no arrangement has are 0.
func (x *indexer) chunkTable(j int, keys [][MaxClasses + 1]int) []uint32 {
	cells := min(4, max(0, x.n-4*j))
	codes := pow(x.base, cells)
	nkeys := 1
	if j == 1 || j == 2 {
		nkeys = len(keys)
	}
	t := make([]uint32, uint32(nkeys)*x.bpow)
	for key := range nkeys {
		for code := range codes {
			part, ok := x.part(j, code, cells, keys[key])
			if ok {
				t[uint32(key)*x.bpow+code] = uint32(part)
			}
		}
	}
	return t
}

// part returns the part of the rank of the chunk j whose first cells digits
// are code, given key, and false if no arrangement has them.
func (x *indexer) part(j int, code uint32, cells int, key [MaxClasses + 1]int) (uint64, bool) {
	own := x.digitCounts(code, cells)
	var rest [MaxClasses + 1]int // the classes from the chunk's start on
	for l := 1; l <= x.k; l++ {
		switch j {
		case 0:
			rest[l] = x.total[l]
		case 1:
			rest[l] = x.total[l] - key[l]
		case 2:
			rest[l] = own[l] + key[l]
		default:
			rest[l] = own[l]
		}
		if rest[l] < own[l] {
			return 0, false
		}
	}
	var sum uint64
	for range cells {
		a := int(code % x.base)
		code /= x.base
		if a == 0 {
			continue
		}
		for l := 1; l < a; l++ {
			if rest[l] > 0 {
				rest[l]--
				sum += multinomial(rest[:x.k+1])
				rest[l]++
			}
		}
		rest[a]--
	}
	return sum, true
}

// rank returns the group of the arrangement whose chunks have codes c.
func (x *indexer) rank(c *[4]uint32) uint32 {
	return x.t[0][c[0]] + x.t[1][x.ms[c[0]]+c[1]] + x.t[2][x.ms[c[3]]+c[2]] + x.t[3][c[3]]
}

// codes returns the chunk codes of the arrangement whose cells have the
// classes a.
func (x *indexer) codes(a []uint8) [4]uint32 {
	var c [4]uint32
	for cell, l := range a {
		c[cell>>2] += uint32(l) * x.weight[cell]
	}
	return c
}

// index returns the index of the arrangement a, the class of each cell.
func (x *indexer) index(a []uint8) uint64 {
	c := x.codes(a)
	z := 0
	for a[z] != 0 {
		z++
	}
	return uint64(x.rank(&c))*uint64(x.n) + uint64(z)
}

// unrank sets seq to the sequence of group g: the classes of the tiles in
// reading order, the blank skipped.
func (x *indexer) unrank(g uint64, seq []uint8) {
	rest, key := x.total, x.full
	for p := range seq {
		for l := 1; l <= x.k; l++ {
			if rest[l] == 0 {
				continue
			}
			if c := x.seqs[key-x.stride[l]]; g >= c {
				g -= c
				continue
			}
			seq[p] = uint8(l)
			rest[l]--
			key -= x.stride[l]
			break
		}
	}
}

// unindex sets a to the arrangement of index i, the class of each cell.
func (x *indexer) unindex(i uint64, a []uint8) {
	g, z := i/uint64(x.n), int(i%uint64(x.n))
	x.unrank(g, a[:x.n-1])
	copy(a[z+1:x.n], a[z:x.n-1])
	a[z] = 0
}

// nextSequence sets seq to the sequence after it in lexicographic order,
// the sequence of the next group, and reports whether there is one.
func nextSequence(seq []uint8) bool {
	i := len(seq) - 2
	for i >= 0 && seq[i] >= seq[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(seq) - 1
	for seq[j] <= seq[i] {
		j--
	}
	seq[i], seq[j] = seq[j], seq[i]
	for a, b := i+1, len(seq)-1; a < b; a, b = a+1, b-1 {
		seq[a], seq[b] = seq[b], seq[a]
	}
	return true
}

// multinomial returns the number of sequences of the multiset whose class
// l has count[l] members: (sum count)! / prod count[l]!. Counts add up to
// at most 20.
func multinomial(count []int) uint64 {
	m := 0
	d := uint64(1)
	for _, c := range count {
		m += c
		d *= factorial(c)
	}
	return factorial(m) / d
}

// pow returns b^e.
func pow(b uint32, e int) uint32 {
	p := uint32(1)
	for range e {
		p *= b
	}
	return p
}
