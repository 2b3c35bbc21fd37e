package abstraction

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// plainRank is the lexicographic rank of seq among the sequences of its
// multiset, counted the plain way: for each position, the sequences that
// agree before it and have a smaller class there.
func plainRank(seq []uint8) uint64 {
	var r uint64
	for p := range seq {
		for l := range seq[p] {
			rest := slices.Clone(seq[p:])
			i := slices.Index(rest, l)
			if i < 0 {
				continue
			}
			rest = slices.Delete(rest, i, i+1)
			r += arrangementsOf(rest)
		}
	}
	return r
}

// arrangementsOf returns the number of distinct orders of s's elements.
func arrangementsOf(s []uint8) uint64 {
	var count [256]int
	for _, v := range s {
		count[v]++
	}
	a := factorial(len(s))
	for _, c := range count {
		a /= factorial(c)
	}
	return a
}

// allSequences returns every sequence of the multiset of seq, in
// lexicographic order, found by recursion.
func allSequences(seq []uint8) [][]uint8 {
	if len(seq) == 0 {
		return [][]uint8{{}}
	}
	var out [][]uint8
	s := slices.Clone(seq)
	slices.Sort(s)
	for i, v := range s {
		if i > 0 && s[i-1] == v {
			continue
		}
		rest := slices.Delete(slices.Clone(s), i, i+1)
		for _, tail := range allSequences(rest) {
			out = append(out, append([]uint8{v}, tail...))
		}
	}
	return out
}

var smallClassings = []struct{ size, goal, classes string }{
	{"2x2", "", "1 2/1 0"},
	{"3x2", "", "1 1 2/3 2 0"},
	{"2x3", "", "1 2/3 4/5 0"},
	{"3x3", "", "1 1 2/2 3 3/3 1 0"},
	{"4x2", "", "1 2 3 4/1 2 3 0"},
	{"3x3", "0 1 2/3 4 5/6 7 8", "0 1 2/3 1 2/3 3 1"},
	{"4x3", "", "1 1 2 2/1 3 3 2/4 4 3 0"},
}

func classingOf(t testing.TB, size, goal, classes string) *Classing {
	t.Helper()
	s, err := board.ParseSize(size)
	if err != nil {
		t.Fatal(err)
	}
	g := board.Goal(s)
	if goal != "" {
		g = board.MustParse(s, goal)
	}
	c, err := ParseClassing(g, classes)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestIndexDense numbers every arrangement of small classings and requires
// the index to be the sequence's lexicographic position times n plus the
// blank's cell, and unindex to invert it.
func TestIndexDense(t *testing.T) {
	for _, tc := range smallClassings {
		c := classingOf(t, tc.size, tc.goal, tc.classes)
		t.Run(tc.size+" "+tc.classes, func(t *testing.T) {
			x, err := newIndexer(c)
			if err != nil {
				t.Fatal(err)
			}
			n := len(c.cells)
			seqs := allSequences(removeBlank(c.Cells()))
			if uint64(len(seqs)) != x.groups || x.groups*uint64(n) != c.Arrangements() {
				t.Fatalf("%d sequences, indexer says %d groups, %d arrangements", len(seqs), x.groups, c.Arrangements())
			}
			a := make([]uint8, n)
			next := slices.Clone(seqs[0])
			for g, seq := range seqs {
				if g > 0 && (!nextSequence(next) || !slices.Equal(next, seq)) {
					t.Fatalf("nextSequence after group %d gives %v, want %v", g-1, next, seq)
				}
				for z := range n {
					arr := slices.Insert(slices.Clone(seq), z, 0)
					want := uint64(g*n + z)
					if got := x.index(arr); got != want {
						t.Fatalf("index(%v) = %d, want %d", arr, got, want)
					}
					x.unindex(want, a)
					if !slices.Equal(a, arr) {
						t.Fatalf("unindex(%d) = %v, want %v", want, a, arr)
					}
				}
			}
			if nextSequence(next) {
				t.Fatalf("nextSequence goes on after the last group")
			}
		})
	}
}

// TestIndex4x4 checks the index of the 4x4 classing on random arrangements
// against the plain rank.
func TestIndex4x4(t *testing.T) {
	c := classingOf(t, "4x4", "", "1 1 2 2/3 3 2 2/3 3 4 4/3 4 4 0")
	x, err := newIndexer(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := c.Arrangements(), uint64(151351200); got != want || x.groups*16 != want {
		t.Fatalf("%d arrangements, %d groups; want %d", got, x.groups, want)
	}
	r := rand.New(rand.NewPCG(1, 2))
	a := c.Cells()
	b := make([]uint8, 16)
	for range 20000 {
		r.Shuffle(len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
		z := slices.Index(a, 0)
		want := plainRank(removeBlank(a))*16 + uint64(z)
		if got := x.index(a); got != want {
			t.Fatalf("index(%v) = %d, want %d", a, got, want)
		}
		x.unindex(want, b)
		if !slices.Equal(a, b) {
			t.Fatalf("unindex(%d) = %v, want %v", want, b, a)
		}
	}
}

func removeBlank(a []uint8) []uint8 {
	return slices.DeleteFunc(slices.Clone(a), func(v uint8) bool { return v == 0 })
}
