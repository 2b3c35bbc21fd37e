package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/human"
)

// seedFlag is the -seed flag of the commands that draw random boards: the
// same seed gives the same boards; without it every run differs.
type seedFlag struct {
	seed uint64
	set  bool
}

func addSeedFlag(f *flags) *seedFlag {
	s := &seedFlag{}
	f.Var(s, "seed", "seed the random source with `S` (0 to 2^64-1) for reproducible output (default: a random seed)")
	return s
}

func (s *seedFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return strconv.FormatUint(s.seed, 10)
}

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not a number from 0 to 2^64-1", v)
	}
	s.seed, s.set = n, true
	return nil
}

// rand returns the random source of the seed, choosing a random seed if
// none was given, and the seed.
func (s *seedFlag) rand() (*rand.Rand, uint64) {
	if !s.set {
		s.seed, s.set = rand.Uint64(), true
	}
	return gen.NewRand(s.seed), s.seed
}

// genFlags are the flags that choose a generator: -method, -k, -no-undo.
type genFlags struct {
	method *string
	k      *int
	noUndo *bool
}

// The least time a draw of coverage takes, for refusing what cannot finish:
// about a quarter of what was measured, so that only draws that surely
// cannot finish in time are refused.
const (
	fastestDraw = 100 * time.Nanosecond // a uniform board, or a walk's start, counted
	fastestMove = 5 * time.Nanosecond   // a move of a walk
)

// fits refuses n draws that would take longer than timeout even at the
// fastest (fastestDraw, fastestMove), saying how long they would take.
func (g *genFlags) fits(f *flags, n int, timeout time.Duration) error {
	per := float64(fastestDraw)
	what := fmt.Sprintf("-n %s draws", human.Group(uint64(n)))
	if *g.method == "walk" {
		per += float64(*g.k) * float64(fastestMove)
		what = fmt.Sprintf("-n %s walks of %s moves", human.Group(uint64(n)), human.Group(uint64(*g.k)))
	}
	need := float64(n) * per
	if need <= float64(timeout) {
		return nil
	}
	return f.failf("%s would take at least %s, more than -timeout %s: lower -n or -k, or give a longer -timeout", what, roughDuration(need), shortDuration(timeout))
}

// roughDuration writes a duration in nanoseconds to two digits in a unit
// a person reads: "58 days", "3.2 hours", "17 minutes".
func roughDuration(ns float64) string {
	s := ns / 1e9
	switch {
	case s >= 365*86400:
		return fmt.Sprintf("%.2g years", s/(365*86400))
	case s >= 86400:
		return fmt.Sprintf("%.2g days", s/86400)
	case s >= 3600:
		return fmt.Sprintf("%.2g hours", s/3600)
	case s >= 60:
		return fmt.Sprintf("%.2g minutes", s/60)
	}
	return fmt.Sprintf("%.2g seconds", s)
}

// sampling describes, for -json, the draws of the generator: its method,
// the walks' -k and -no-undo, seed and the number of boards drawn.
func (g *genFlags) sampling(seed, draws uint64) api.Sampling {
	d := api.Sampling{Method: *g.method, Seed: seed, Draws: draws}
	if *g.method == "walk" {
		d.K, d.NoUndo = g.k, g.noUndo
	}
	return d
}

func addGenFlags(f *flags) *genFlags {
	return &genFlags{
		method: f.String("method", "uniform", "draw boards by `METHOD`: uniform (uniform among the solvable boards) or walk (a random walk from the goal)"),
		k:      f.Int("k", 100, "make walks of `K` moves (with -method walk)"),
		noUndo: f.Bool("no-undo", false, "never undo the move just made (with -method walk)"),
	}
}

// generator checks the flags and returns a function that draws a board
// that reaches goal and, for walks, the moves that lead to it from goal.
func (g *genFlags) generator(f *flags, goal board.Board, r *rand.Rand) (func() (board.Board, []uint8, error), error) {
	var setK, setNoUndo bool
	f.Visit(func(fl *flag.Flag) {
		setK = setK || fl.Name == "k"
		setNoUndo = setNoUndo || fl.Name == "no-undo"
	})
	switch *g.method {
	case "uniform":
		if setK || setNoUndo {
			return nil, f.failf("-k and -no-undo apply only to -method walk")
		}
		return func() (board.Board, []uint8, error) {
			b, err := gen.UniformTo(r, goal)
			return b, nil, err
		}, nil
	case "walk":
		if err := f.intFlag("k", *g.k, 0, maxWalk, "a number of moves"); err != nil {
			return nil, err
		}
		opts := &gen.WalkOptions{NoUndo: *g.noUndo}
		return func() (board.Board, []uint8, error) {
			return gen.Walk(r, goal, *g.k, opts)
		}, nil
	}
	return nil, f.failf("-method %q: want uniform or walk", clip(*g.method))
}

// describe names the generator for reports: "uniform" or "walk k=20".
func (g *genFlags) describe() string {
	if *g.method != "walk" {
		return *g.method
	}
	s := "walk k=" + strconv.Itoa(*g.k)
	if *g.noUndo {
		s += " no-undo"
	}
	return s
}
