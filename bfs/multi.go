package bfs

import (
	"math/bits"

	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/internal/rotation"
)

// In the multi-tile metric (board.MultiTile) a move slides the tiles
// between the blank and any cell of its row or column, so the boards of a
// row of a group (one tile sequence, the blank anywhere in one row of the
// board) are all one move from each other, and their depths are the row's
// least depth m or m+1. The search keeps a 64-bit word a group: bit z of
// its low 16 says whether slot z is at m+1, and the byte at 16+8r holds
// row r's m+1 in its low 7 bits (0: no board of the row reached yet) and,
// in its top bit, which sequence of the pair its boards have, as in the
// single-tile search.
//
// The first board of a row reached, at depth m, makes every other board of
// the row m+1 at once, since each is one move from it; another board of
// the row reached in the same level lowers its bit to m. So a slot has no
// unseen state once its row is reached, and a level d expands the slots of
// the rows whose m is d (bit 0) or d-1 (bit 1): their depth is d. A move
// along the row leads to a board already at m or m+1, so only moves along
// the column make claims. Moving the blank k rows up (down) is k moves of
// the single-tile metric whose windows of the tile sequence follow one
// another and do not overlap, and a window's change of rank depends only
// on its Lehmer digits, which the windows moved before do not change: the
// change of rank of the whole move is the sum of the windows' changes,
// each read from the sequence as it was.
const (
	multiRowShift = 16   // where the rows' bytes start
	multiMember   = 0x80 // the member bit in a row's byte
	multiBase     = 0x7F // m+1 in a row's byte
)

// multiState is the state of a search in the multi-tile metric.
type multiState struct {
	words []uint64
	// tent is the number of boards made m+1 of a row reached in the level
	// before, and not lowered then: they are at the depth the next level
	// finds.
	tent uint64
}

// multiMemory returns the bytes of a multi-tile search's words.
func multiMemory(groups uint64) uint64 { return groups * 8 }

// newMultiState allocates the words and claims the goal: its row's m is 0,
// its other boards 1.
func newMultiState(s *psearch, k uint64, z int, m uint64) *multiState {
	sh := s.sh
	ms := &multiState{words: mem.Words(sh.groups)}
	r := uint(sh.rowOf[z])
	row := (uint64(1)<<sh.w - 1) << (r * uint(sh.w))
	ms.words[k] = row&^(1<<z) | (1|m<<7)<<(multiRowShift+8*r)
	ms.tent = uint64(sh.w - 1)
	return ms
}

// found returns the boards at the depth the level just finished found,
// and keeps the new tentative ones for the next.
func (ms *multiState) found(s *psearch) uint64 {
	var found, tent uint64
	for _, w := range s.workers {
		found += w.found
		tent += w.tent
	}
	found += ms.tent
	ms.tent = tent
	return found
}

// blockMulti expands the boards at depth d of block b in the multi-tile
// metric: for each group, the rows whose m is d or d-1, and in them the
// slots whose bit says d; each sends a claim for every other cell of its
// column.
func (w *pworker) blockMulti(b uint64) {
	s, sh, rot := w.s, w.sh, w.sh.rot
	words := s.multi.words
	from := b << s.shift
	to := min(from+1<<s.shift, sh.groups)
	d := uint64(w.d)
	h := uint64(sh.h)
	width := sh.w
	// Every row's byte with the base bits, and the values of d+1 and d
	// (m+1 for m = d and m = d-1) in each.
	rows := uint64(1)<<(8*h) - 1
	mask := rows / 0xFF * multiBase
	ones := rows / 0xFF
	now, before := ones*(d+1), ones*d
	half := rot.Sharing.D
	hi := rot.Sharing.Div(from)
	base := hi * half
	w.setWindows(hi)
	for k := from; k < to; k++ {
		x := words[k]
		bases := x >> multiRowShift & mask
		if !hasZeroByte(bases^now, rows) && (d == 0 || !hasZeroByte(bases^before, rows)) {
			continue
		}
		if k >= base+half {
			hi = rot.Sharing.Div(k)
			base = hi * half
			w.setWindows(hi)
		}
		loEven := 2 * (k - base)
		p0 := uint64(w.pf.Par ^ rot.Par[loEven]) // parity of sequence 2k
		for r := range h {
			f := x >> (multiRowShift + 8*r)
			var at uint64 // the slots of the row at depth d
			switch f & multiBase {
			case d + 1:
				at = ^x
			case 0:
				continue // no board of the row reached
			case d:
				at = x
			default:
				continue
			}
			z0 := r * uint64(width)
			at = at >> z0 & (1<<width - 1)
			m := f >> 7 & 1
			p := m ^ p0 // the board's sequence is 2k+p
			lo := loEven + p
			lex := int64(2*k + p)
			sidx := rot.SuffixIdx[lo*uint64(rot.Windows):]
			for ; at != 0; at &= at - 1 {
				z := int(z0) + bits.TrailingZeros64(at)
				// Up, one row at a time, then down.
				var delta int64
				var par uint64
				for a := z - width; a >= 0; a -= width {
					e := rot.Delta[w.leftAt[a]+sidx[a]]
					delta += int64(e >> 1)
					par ^= uint64(e & 1)
					t := uint64(lex + delta)
					if o, full := w.file(claimOf(t>>1, a, m^par)); full {
						w.flush(o)
					}
				}
				delta, par = 0, 0
				for a := z; a+width < sh.n; a += width {
					e := rot.Delta[w.rightAt[a]+sidx[a]]
					delta += int64(e >> 1)
					par ^= uint64(e & 1)
					t := uint64(lex + delta)
					if o, full := w.file(claimOf(t>>1, a+width, m^par)); full {
						w.flush(o)
					}
				}
			}
		}
	}
}

// hasZeroByte reports whether a byte of v within mask is zero.
func hasZeroByte(v, mask uint64) bool {
	ones, highs := mask/0xFF, mask/0xFF*0x80
	return (v-ones)&^v&highs != 0
}

// setWindows decodes prefix hi into w.pf and the offsets of every window
// for it, both directions.
func (w *pworker) setWindows(hi uint64) {
	rot := w.sh.rot
	rot.Set(&w.pf, hi)
	for a := range rot.Windows {
		idx := rot.PrefixIndex(&w.pf, a)
		w.leftAt[a] = rot.DeltaAt[a][rotation.Left] + idx
		w.rightAt[a] = rot.DeltaAt[a][rotation.Right] + idx
	}
}

// claimAllMulti claims the boards of a batch at depth d+1, all in w's
// blocks. A row no board of which was reached gets m = d+1, its sequence,
// and its other boards at m+1; in a row reached in this level the board is
// lowered to m; a row reached before keeps its depths. In every row
// reached the sequence must be the row's.
func (w *pworker) claimAllMulti(b []uint32) {
	slots := &w.sh.multiSlot
	words := w.s.multi.words
	d2 := uint64(w.d) + 2 // m+1 of a row reached in this level
	var found, tent, bad uint64
	// The cell and the shifts are masked to their range (see cellMask).
	for _, e := range b {
		k, m := e>>5, uint64(e&1)
		sb := &slots[e>>1&cellMask]
		x := words[k]
		f := x >> (sb.shift & shift64Mask) & 0xFF
		base := f & multiBase
		fresh := b2u64(base == 0)
		lower := b2u64(base == d2) & b2u64(x&sb.bit != 0)
		bad |= (1 - fresh) & (f>>7 ^ m)
		// A fresh row: its bits all 1 but this slot's, m+1 = d+2, and
		// the sequence.
		x |= fresh * (sb.others | (d2|m<<7)<<(sb.shift&shift64Mask))
		x &^= lower * sb.bit
		words[k] = x
		found += fresh + lower
		tent += fresh*sb.tent - lower
	}
	w.found += found
	w.tent += tent
	w.bad |= uint32(bad & 1)
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// multiResult is what the search in the multi-tile metric leaves.
type multiResult struct {
	sh    *shape
	words []uint64
}

// depths writes the depths of slots from to from+len(dst)-1 into dst.
func (p *multiResult) depths(from uint64, dst []uint8) {
	sh := p.sh
	n, w := uint64(sh.n), uint64(sh.w)
	k, z := from/n, from%n
	for i := range dst {
		x := p.words[k]
		m1 := x >> (multiRowShift + 8*(z/w)) & multiBase // m+1, 0 if no board of the row reached
		dst[i] = Unreached
		if m1 != 0 {
			dst[i] = uint8(m1 - 1 + x>>z&1)
		}
		if z++; z == n {
			k, z = k+1, 0
		}
	}
}

// pattern returns the bits of group k in the reachable set, as
// packedResult.pattern does.
func (p *multiResult) pattern(k uint64) uint64 {
	sh := p.sh
	x := p.words[k]
	row := uint64(1)<<sh.w - 1
	var pat uint64
	for r := range uint64(sh.h) {
		if f := x >> (multiRowShift + 8*r); f&multiBase != 0 {
			m := f >> 7 & 1
			pat |= row << (m*uint64(sh.n) + r*uint64(sh.w))
		}
	}
	return pat
}

// reachWords writes words from to from+len(dst)-1 of the reachable set.
func (p *multiResult) reachWords(from uint64, dst []uint64) {
	patternWords(from, dst, uint64(p.sh.n), p.sh.groups, p.pattern)
}

// leastRows is Result.LeastRows for a result of the multi-tile metric.
func (p *multiResult) leastRows(from, to uint64, least, bits []byte) ([]byte, []byte, bool) {
	sh := p.sh
	n, w := uint64(sh.n), uint64(sh.w)
	out := stepBits{Out: bits}
	k, z := from/n, from%n
	for slot := from; slot < to; k, z = k+1, 0 {
		x := p.words[k]
		for r := z / w; r < uint64(sh.h) && slot < to; r++ {
			m1 := x >> (multiRowShift + 8*r) & multiBase
			if m1 == 0 {
				return least, out.Out, false
			}
			// The slots of the row in the range: from zs to ze-1.
			zs := max(r*w, z)
			ze := min(r*w+w, zs+to-slot)
			c := ze - zs
			part := x >> zs & (1<<c - 1)
			m := m1 - 1
			if part == 1<<c-1 { // every slot of the part at m+1
				m, part = m1, 0
			}
			least = append(least, uint8(m))
			out.Add(part, uint(c))
			slot += c
		}
	}
	return least, out.Flush(), true
}
