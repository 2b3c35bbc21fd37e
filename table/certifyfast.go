package table

import (
	"math/bits"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/rotation"
	"github.com/slidetable/slidetable/rank"
)

// prover checks premises 2 to 4 of Certify a slot group at a time, as
// certify does, but computes the neighbours along a column as the search
// does, by a change of rank read from a table (package rotation) rather
// than by ranking them, checks the moves along a row with bit operations
// on the group's reachable bits, and has few branches that depend on the
// table, so that the processor overlaps the loads of the neighbours of
// many boards. It only says whether the premises hold; certify then finds
// the board to name.
type prover struct {
	t      *Table
	n, w   uint64
	multi  bool
	rot    *rotation.Table
	all    uint64     // a bit a slot
	pairs  uint64     // bit z: slots z and z+1 are in one row
	rows   [16]uint64 // rows[r]: the bits of the slots of row r
	gk, gz uint64     // the goal's group and blank cell

	// The decoded prefix of the groups from base to base+Suf!/2-1, and
	// for each window where its changes start in rot.Delta, the prefix's
	// part of the index included.
	pf              rotation.Prefix
	base            uint64
	decoded         bool
	leftAt, rightAt [16]uint32

	rec *records  // the table's records, for a table of records
	ds  [16]uint8 // the depths of the group being checked
}

func newProver(t *Table, gi uint64) *prover {
	n, w := t.n, uint64(t.size.W)
	p := &prover{t: t, n: n, w: w, multi: t.metric == board.MultiTile, rot: rotation.For(int(n)-1, int(w)),
		all: uint64(1)<<n - 1, gk: gi / n >> 1, gz: gi % n, rec: t.rec}
	for z := range n {
		if z+1 < n && z%w != w-1 {
			p.pairs |= 1 << z
		}
		p.rows[z/w] |= 1 << z
	}
	return p
}

// certifyFast reports whether premises 2 to 4 of Certify hold for the
// boards of the groups of slots [from, to). The goal has index gi.
func (t *Table) certifyFast(from, to, gi uint64) bool {
	p := newProver(t, gi)
	var bad uint64
	for k := from; k < to; k++ {
		bad |= p.group(k)
	}
	return bad == 0
}

// group checks the boards of group k and returns 0 if the premises hold
// for them.
func (p *prover) group(k uint64) uint64 {
	// bit z of member: the board of sequence 2k+1 is the one reached.
	member, reached, _ := p.t.group(k, &p.ds) // every block is in memory
	if reached == 0 {
		return 0
	}
	ds := p.ds[:p.n:p.n]
	bad, closer := p.alongRows(ds, reached, member)
	b, c := p.alongColumns(k, ds, reached, member)
	bad |= b
	closer |= c
	// Every board but the goal has a neighbour one closer.
	need := reached
	if k == p.gk {
		need &^= 1 << p.gz
	}
	return bad | need&^closer
}

// alongRows checks the moves along the rows of a group whose depths are ds:
// a board and its neighbour in the row are both reached or neither, with
// the same sequence, and their depths differ by at most one. It returns
// non-zero bad if not, and in closer the slots that have a neighbour one
// closer along their row.
func (p *prover) alongRows(ds []uint8, reached, member uint64) (bad, closer uint64) {
	bad = ((reached ^ reached>>1) | (member^member>>1)&reached) & p.pairs
	if !p.multi {
		for q := p.pairs & reached; q != 0; q &= q - 1 {
			z := bits.TrailingZeros64(q)
			a, b := int(ds[z&15]), int(ds[z+1&15])
			bad |= b2u64(a > b+1 || b > a+1)
			closer |= b2u64(b+1 == a)<<z | b2u64(a+1 == b)<<(z+1)
		}
		return bad, closer
	}
	// In the multi-tile metric every board of a row is one move from every
	// other: the row's depths are two consecutive values at most, and
	// those at the larger have a neighbour at the smaller.
	w := p.w
	for r := range p.n / w {
		if reached&p.rows[r] == 0 {
			continue
		}
		row := ds[r*w : r*w+w]
		lo, hi := row[0], row[0]
		for _, d := range row {
			lo, hi = min(lo, d), max(hi, d)
		}
		bad |= b2u64(hi-lo > 1)
		for j, d := range row {
			closer |= b2u64(d > lo) << (r*w + uint64(j))
		}
	}
	return bad, closer
}

// alongColumns checks the moves along the columns of group k: the
// neighbour, whose sequence's rank the change of the window's rotation
// gives, is reached, and its depth differs by at most one. It returns
// non-zero bad if not, and in closer the slots that have a neighbour one
// closer along their column.
func (p *prover) alongColumns(k uint64, ds []uint8, reached, member uint64) (bad, closer uint64) {
	rot, n, w := p.rot, p.n, p.w
	depth, reach := p.t.depth, p.t.reach
	if half := rot.Sharing.D; !p.decoded || k >= p.base+half {
		p.decode(k)
	}
	loEven := 2 * (k - p.base)
	p0 := uint64(p.pf.Par ^ rot.Par[loEven]) // parity of sequence 2k
	for r := reached; r != 0; r &= r - 1 {
		z := uint64(bits.TrailingZeros64(r))
		m := member >> z & 1
		seq := m ^ p0 // the board's sequence is 2k+seq
		lo := loEven + seq
		lex := int64(2*k + seq)
		sidx := rot.SuffixIdx[int(lo)*rot.Windows : int(lo+1)*rot.Windows]
		d := int(ds[z&15])
		// Up one row at a time, and in the multi-tile metric on up the
		// column; each window's change of rank adds to those before (see
		// package bfs). Then down.
		var delta int64
		var par uint64
		for a := int64(z) - int64(w); a >= 0; a -= int64(w) {
			e := rot.Delta[p.leftAt[a&15]+sidx[a]]
			delta += int64(e >> 1)
			par ^= uint64(e & 1)
			tiles := uint64(lex+delta)&^1 | m ^ par
			c := uint64(a) // the blank's new cell
			in, nd := p.neighbour(depth, reach, tiles, c)
			bad |= in ^ 1 | b2u64(nd > d+1 || d > nd+1)
			closer |= b2u64(nd+1 == d) << z
			if !p.multi {
				break
			}
		}
		delta, par = 0, 0
		for a := z; a+w < n; a += w {
			e := rot.Delta[p.rightAt[a&15]+sidx[a]]
			delta += int64(e >> 1)
			par ^= uint64(e & 1)
			tiles := uint64(lex+delta)&^1 | m ^ par
			c := a + w
			in, nd := p.neighbour(depth, reach, tiles, c)
			bad |= in ^ 1 | b2u64(nd > d+1 || d > nd+1)
			closer |= b2u64(nd+1 == d) << z
			if !p.multi {
				break
			}
		}
	}
	return bad, closer
}

// neighbour returns 1 if the board with tile rank tiles and the blank in
// cell c reaches the goal, and its depth: from the records of a table of
// records (every block in memory), else from depth and reach, the
// table's.
func (p *prover) neighbour(depth []uint8, reach []uint64, tiles, c uint64) (uint64, int) {
	if r := p.rec; r != nil {
		return (tiles^r.mask>>c)&1 ^ 1, r.at(tiles>>1, c)
	}
	j := tiles*p.n + c
	return reach[j/64] >> (j % 64) & 1, int(depth[rank.Slot(tiles, c, p.n)])
}

// decode decodes the prefix of group k's sequences and the offsets of the
// windows for it.
func (p *prover) decode(k uint64) {
	rot := p.rot
	hi := rot.Sharing.Div(k)
	p.base, p.decoded = hi*rot.Sharing.D, true
	rot.Set(&p.pf, hi)
	for a := range rot.Windows {
		idx := rot.PrefixIndex(&p.pf, a)
		p.leftAt[a] = rot.DeltaAt[a][rotation.Left] + idx
		p.rightAt[a] = rot.DeltaAt[a][rotation.Right] + idx
	}
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
