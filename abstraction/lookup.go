package abstraction

import "github.com/slidetable/slidetable/board"

// word returns the word of group g, reading its block first if the
// database is read in place and the block is not in memory yet.
func (p *part) word(g uint32) uint32 {
	if b := p.blocks; b != nil && !b.Ready(uint64(g>>b.shift)) {
		b.Load(uint64(g >> b.shift)) // a block that fails reads as unknown
	}
	return p.words[g]
}

// entry returns the code (see code) of arrangement z of group g.
func (p *part) entry(g uint32, z int) uint32 { return p.word(g) >> (2 * z) & 3 }

// exact returns the distance of the arrangement a, the class of each cell,
// or -1 if it is unknown: unreached, or in a block that could not be read.
// From a, it goes to a neighbour whose entry is one less modulo 3 until it
// reaches the goal's arrangement; in an exact table a neighbour one move
// closer always has that entry, and no neighbour one move farther or as
// far has, so the steps taken are the distance.
func (p *part) exact(mv *moves, a []uint8) int {
	x := p.x
	a = append([]uint8(nil), a...)
	b := make([]uint8, len(a))
	idx := x.index(a)
	m := p.entry(uint32(idx/uint64(x.n)), int(idx%uint64(x.n)))
	for d := 0; ; d++ {
		if m == 3 || d > int(p.largest) {
			return -1
		}
		if idx == p.goalIdx {
			return d
		}
		z := int(idx % uint64(x.n))
		want := (m + 2) % 3
		found := false
		for _, t := range targets(mv, z) {
			copy(b, a)
			board.SlideCells(b, mv.w, z, t)
			j := x.index(b)
			if p.entry(uint32(j/uint64(x.n)), int(j%uint64(x.n))) == want {
				a, b = b, a
				idx, m, found = j, want, true
				break
			}
		}
		if !found {
			return -1
		}
	}
}

// targets returns the cells the blank in cell z reaches in one move.
func targets(mv *moves, z int) []int {
	var out []int
	for _, c := range mv.row[z] {
		out = append(out, int(c))
	}
	for _, ray := range mv.ray[z] {
		for _, c := range ray {
			out = append(out, int(c))
		}
	}
	return out
}
