package rotation

import (
	"math/rand/v2"
	"testing"

	"github.com/slidetable/slidetable/rank"
)

// TestDelta rotates every window of random sequences, both ways, and
// checks the change of rank and parity the tables give, through a decoded
// prefix and the suffix's order, against the rank computed from scratch.
func TestDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, mw := range [][2]int{{3, 2}, {5, 2}, {5, 3}, {7, 3}, {7, 4}, {8, 3}, {9, 2}, {9, 5}, {11, 2}, {11, 3}, {11, 4}, {11, 6}} {
		m, w := mw[0], mw[1]
		tb := For(m, w)
		seq := make([]uint8, m)
		moved := make([]uint8, m)
		for range 300 {
			lex := rng.Uint64N(rank.Factorial(m))
			rank.Unrank(lex, seq)
			var p Prefix
			hi := lex / tb.SufOrders
			tb.Set(&p, hi)
			lo := lex - hi*tb.SufOrders
			for a := 0; a+w <= m; a++ {
				for dir := range 2 {
					copy(moved, seq)
					win := moved[a : a+w]
					if dir == Left {
						x := win[0]
						copy(win, win[1:])
						win[w-1] = x
					} else {
						x := win[w-1]
						copy(win[1:], win[:w-1])
						win[0] = x
					}
					e := tb.Delta[tb.DeltaAt[a][dir]+tb.PrefixIndex(&p, a)+tb.SuffixIdx[int(lo)*tb.Windows+a]]
					got := uint64(int64(lex) + int64(e>>1))
					if want := rank.Rank(moved); got != want {
						t.Fatalf("m=%d w=%d %v window %d dir %d: rank %d, want %d", m, w, seq, a, dir, got, want)
					}
					if par := uint64(rank.Parity(seq)^rank.Parity(moved)) & 1; uint64(e&1) != par {
						t.Fatalf("m=%d w=%d %v window %d dir %d: parity change %d, want %d", m, w, seq, a, dir, e&1, par)
					}
				}
			}
			if uint64(p.Par^tb.Par[lo]) != uint64(rank.Parity(seq)) {
				t.Fatalf("m=%d %v: parity of prefix and suffix %d, want %d", m, seq, p.Par^tb.Par[lo], rank.Parity(seq))
			}
		}
		if got, want := Memory(m, w), uint64(len(tb.Delta)*4+len(tb.SuffixIdx)*4+len(tb.Dig)+len(tb.Par)); got != want {
			t.Errorf("Memory(%d, %d) = %d, the tables take %d", m, w, got, want)
		}
	}
}
