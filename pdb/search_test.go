package pdb_test

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/source"
)

// miniSearch is a plain IDA* over an ida.Heuristic, enough to measure the
// heuristic's speed and to check its bounds against exact distances here;
// the solver of the module is package ida's.
type miniSearch struct {
	w, n  int
	cells []uint8
	e     ida.Evaluator
	nodes uint64
	goal  board.Board
}

func miniSolve(h ida.Heuristic, b board.Board) (dist int, nodes uint64) {
	size := b.Size()
	s := &miniSearch{w: size.W, n: size.Cells(), cells: b.Cells(), e: h.Start(b), goal: h.Goal()}
	for bound := s.e.H(); ; {
		next, found := s.dfs(b.Blank(), -1, 0, bound)
		if found {
			return bound, s.nodes
		}
		bound = next
	}
}

func (s *miniSearch) solved() bool {
	for c, t := range s.cells {
		if t != s.goal.At(c) {
			return false
		}
	}
	return true
}

func (s *miniSearch) dfs(z, prev, g, bound int) (int, bool) {
	s.nodes++
	h := s.e.H()
	if g+h > bound {
		return g + h, false
	}
	if h == 0 && s.solved() {
		return g, true
	}
	next := 1 << 30
	var ns [4]int
	k := 0
	if z >= s.w {
		ns[k] = z - s.w
		k++
	}
	if z+s.w < s.n {
		ns[k] = z + s.w
		k++
	}
	if z%s.w > 0 {
		ns[k] = z - 1
		k++
	}
	if z%s.w < s.w-1 {
		ns[k] = z + 1
		k++
	}
	for _, c := range ns[:k] {
		if c == prev {
			continue
		}
		t := s.cells[c]
		s.cells[z], s.cells[c] = t, 0
		s.e.Move(t, c, z)
		f, ok := s.dfs(c, z, g+1, bound)
		s.e.Undo(t, c, z)
		s.cells[c], s.cells[z] = t, 0
		if ok {
			return f, true
		}
		next = min(next, f)
	}
	return next, false
}

// The partition of the built-in 4x4 database (its recipe's), built once
// for the benchmarks.
var db4x4 = sync.OnceValues(func() (*pdb.DB, error) {
	size := board.Size{W: 4, H: 4}
	rec, _ := recipe.For(size, board.SingleTile, recipe.Builtin)
	groups, err := pdb.ParseGroups(rec.Params)
	if err != nil {
		return nil, err
	}
	return pdb.Build(context.Background(), board.Goal(size), groups, nil)
})

// BenchmarkEvaluator measures the Moves along a random walk of 1024 moves
// of the 4x4 heuristic of the built-in database, and their Undos.
func BenchmarkEvaluator(b *testing.B) {
	db, err := source.BuiltinPDB(board.Size{W: 4, H: 4})
	if err != nil {
		b.Fatal(err)
	}
	benchEvaluator(b, db)
}

// BenchmarkEvaluatorInPlace is BenchmarkEvaluator with the database
// written in format version 3 and read in place, every block it needs
// read before the timing starts: what checking that an entry's block is
// in memory costs a lookup.
func BenchmarkEvaluatorInPlace(b *testing.B) {
	db, err := source.BuiltinPDB(board.Size{W: 4, H: 4})
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "4x4.pdb")
	restore := pdb.SetRawMin(0)
	_, err = pdb.WriteFile(context.Background(), path, db)
	restore()
	if err != nil {
		b.Fatal(err)
	}
	if db, err = pdb.Open(path); err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	benchEvaluator(b, db)
}

func benchEvaluator(b *testing.B, db *pdb.DB) {
	r := rand.New(rand.NewPCG(1, 2))
	start, _ := gen.Uniform(r, db.Size())
	e := db.Heuristic().Start(start)
	cells := start.Cells()
	z := start.Blank()
	// A fixed random walk of moves, replayed forward and back.
	type mv struct {
		t        uint8
		from, to int
	}
	var walk []mv
	for range 1024 {
		w := 4
		var ns []int
		if z >= w {
			ns = append(ns, z-w)
		}
		if z+w < 16 {
			ns = append(ns, z+w)
		}
		if z%w > 0 {
			ns = append(ns, z-1)
		}
		if z%w < w-1 {
			ns = append(ns, z+1)
		}
		c := ns[r.IntN(len(ns))]
		walk = append(walk, mv{cells[c], c, z})
		cells[z], cells[c] = cells[c], 0
		z = c
	}
	replay := func() (sink int) {
		for _, m := range walk {
			sink += e.Move(m.t, m.from, m.to)
		}
		for i := len(walk) - 1; i >= 0; i-- {
			m := walk[i]
			e.Undo(m.t, m.from, m.to)
		}
		return sink
	}
	replay() // every block the walk needs read
	b.ReportAllocs()
	var sink int
	for b.Loop() {
		sink += replay()
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(walk)), "ns/move+undo")
}

// BenchmarkSolve4x4 solves uniform random 4x4 boards (fixed seed) with the
// default partition and reports the nodes a second.
func BenchmarkSolve4x4(b *testing.B) {
	db, err := db4x4()
	if err != nil {
		b.Fatal(err)
	}
	h := db.Heuristic()
	r := rand.New(rand.NewPCG(1, 1))
	var boards []board.Board
	for range 20 {
		x, _ := gen.Uniform(r, db.Size())
		boards = append(boards, x)
	}
	benchSolve(b, h, boards)
}

// BenchmarkSolveFile solves the 4x4 boards of the file named by
// $SLIDETABLE_BOARDS, one a line, with the partition of the database file
// named by $SLIDETABLE_PDB (or the default partition, built).
func BenchmarkSolveFile(b *testing.B) {
	path := os.Getenv("SLIDETABLE_BOARDS")
	if path == "" {
		b.Skip("set SLIDETABLE_BOARDS to a file of 4x4 boards")
	}
	var db *pdb.DB
	var err error
	if p := os.Getenv("SLIDETABLE_PDB"); p != "" {
		db, err = pdb.Open(p)
	} else {
		db, err = db4x4()
	}
	if err != nil {
		b.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var boards []board.Board
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() == "" {
			continue
		}
		x, err := board.Parse(db.Size(), sc.Text())
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, x)
	}
	benchSolve(b, db.Heuristic(), boards)
}

func benchSolve(b *testing.B, h ida.Heuristic, boards []board.Board) {
	var nodes uint64
	var worst time.Duration
	for b.Loop() {
		for _, x := range boards {
			t0 := time.Now()
			_, n := miniSolve(h, x)
			worst = max(worst, time.Since(t0))
			nodes += n
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N*len(boards))*1e3, "ms/board")
	b.ReportMetric(worst.Seconds()*1e3, "worst-ms")
}
