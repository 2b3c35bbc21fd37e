package table_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// randomBoards returns count boards of a table that reach its goal, from a
// fixed seed.
func randomBoards(tb testing.TB, t *table.Table, count int) []board.Board {
	rng := rand.New(rand.NewPCG(5, 6))
	n := t.Size().Cells()
	cells := make([]uint8, n)
	var out []board.Board
	for len(out) < count {
		rank.Unindex(rng.Uint64N(t.Boards()), cells)
		b, err := board.New(t.Size(), cells)
		if err != nil {
			tb.Fatal(err)
		}
		if ok, _ := t.Solvable(b); ok {
			out = append(out, b)
		}
	}
	return out
}

func benchmarkDistance(b *testing.B, t *table.Table) {
	benchmarkDistanceOf(b, t, randomBoards(b, t, 4096))
}

// BenchmarkDistance looks up random solvable boards in the built-in 3x3
// table and a 2x5 table built for the benchmark.
func BenchmarkDistance(b *testing.B) {
	b.Run("3x3", func(b *testing.B) {
		t, err := source.BuiltinTable(board.Size{W: 3, H: 3})
		if err != nil {
			b.Fatal(err)
		}
		benchmarkDistance(b, t)
	})
	b.Run("2x5", func(b *testing.B) {
		t, err := table.Build(context.Background(), board.Goal(board.Size{W: 2, H: 5}), nil)
		if err != nil {
			b.Fatal(err)
		}
		benchmarkDistance(b, t)
	})
	// A 12-cell table: set SLIDETABLE_BENCH_TABLE to its file. A
	// relative path starts from this package's directory, where go test
	// runs: SLIDETABLE_BENCH_TABLE=$PWD/4x3.tbl from where the file is. A
	// file of version 2 is read in place; every block is read first
	// (Load), so that the lookups are those of a warm table. "random"
	// looks up a million boards drawn anew, of every part of the table,
	// where the others cycle through 4096 that stay in the caches.
	if path := os.Getenv("SLIDETABLE_BENCH_TABLE"); path != "" {
		t, err := table.Open(path)
		if err != nil && !filepath.IsAbs(path) {
			b.Fatalf("%v (SLIDETABLE_BENCH_TABLE is relative to the package directory; give an absolute path such as $PWD/%s)", err, path)
		}
		if err != nil {
			b.Fatal(err)
		}
		defer t.Close()
		if err := t.Load(context.Background()); err != nil {
			b.Fatal(err)
		}
		b.Run(t.Size().String(), func(b *testing.B) { benchmarkDistance(b, t) })
		b.Run(t.Size().String()+"/random", func(b *testing.B) { benchmarkDistanceOf(b, t, randomBoards(b, t, 1<<20)) })
	}
}

// benchmarkDistanceOf looks up boards, which reach the goal of t, in
// turn.
func benchmarkDistanceOf(b *testing.B, t *table.Table, boards []board.Board) {
	b.ReportAllocs()
	i, sum := 0, 0
	for b.Loop() {
		d, err := t.Distance(boards[i%len(boards)])
		if err != nil {
			b.Fatal(err)
		}
		sum += d
		i++
	}
	if sum < 0 {
		b.Fatal(sum)
	}
}

// BenchmarkBuild3x3 builds the 3x3 table in memory: the search and the
// checks of a new table.
func BenchmarkBuild3x3(b *testing.B) {
	goal := board.Goal(board.Size{W: 3, H: 3})
	for b.Loop() {
		if _, err := table.Build(context.Background(), goal, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func benchmarkWriteRead(b *testing.B, size board.Size) {
	t, err := table.Build(context.Background(), board.Goal(size), nil)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := t.WriteTo(&buf); err != nil {
		b.Fatal(err)
	}
	file := buf.Bytes()
	b.Run("write", func(b *testing.B) {
		b.ReportMetric(float64(len(file)), "file-bytes")
		for b.Loop() {
			var w bytes.Buffer
			if _, err := t.WriteTo(&w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			if _, err := table.NewReader(bytes.NewReader(file), int64(len(file))); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFile3x3(b *testing.B) { benchmarkWriteRead(b, board.Size{W: 3, H: 3}) }
func BenchmarkFile2x5(b *testing.B) { benchmarkWriteRead(b, board.Size{W: 2, H: 5}) }

// BenchmarkBuild12 builds the tables of 12 cells as 'slidetable build'
// does, the search and then the file, and reports the process's CPU time
// of each and the time of the writing alone: seconds and 150 MB each, so
// only with SLIDETABLE_LONG=1 (SLIDETABLE_LONG=1 go test ./table -run XX
// -bench Build12 -benchtime 1x).
func BenchmarkBuild12(b *testing.B) {
	testenv.Long(b)
	for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
		for _, size := range []board.Size{{W: 4, H: 3}, {W: 3, H: 4}, {W: 6, H: 2}, {W: 2, H: 6}} {
			b.Run(metric.String()+"/"+size.String(), func(b *testing.B) { benchmarkBuild(b, size, metric) })
		}
	}
}

func benchmarkBuild(b *testing.B, size board.Size, metric board.Metric) {
	path := filepath.Join(b.TempDir(), "t.tbl")
	var search, write, writeWall time.Duration
	for b.Loop() {
		c0 := testenv.CPUTime()
		res, err := table.Search(context.Background(), board.Goal(size), &bfs.Options{Metric: metric})
		if err != nil {
			b.Fatal(err)
		}
		c1, w1 := testenv.CPUTime(), time.Now()
		if _, err := table.WriteResultFile(context.Background(), path, res); err != nil {
			b.Fatal(err)
		}
		search += c1 - c0
		write += testenv.CPUTime() - c1
		writeWall += time.Since(w1)
	}
	b.ReportMetric(search.Seconds()/float64(b.N), "search-cpu-s")
	b.ReportMetric(write.Seconds()/float64(b.N), "write-cpu-s")
	b.ReportMetric(writeWall.Seconds()/float64(b.N), "write-s")
}

// BenchmarkCertify certifies the tables of 9 and 10 cells, and a 12-cell
// table file named by SLIDETABLE_BENCH_TABLE (for example
// SLIDETABLE_BENCH_TABLE=/tmp/4x3.tbl go test -bench Certify -benchtime 1x ./table).
func BenchmarkCertify(b *testing.B) {
	run := func(b *testing.B, t *table.Table) {
		b.ReportAllocs()
		c0 := testenv.CPUTime()
		for b.Loop() {
			if err := t.Certify(context.Background(), nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric((testenv.CPUTime()-c0).Seconds()/float64(b.N), "cpu-s")
	}
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 5, H: 2}} {
		t, err := table.Build(context.Background(), board.Goal(size), nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(size.String(), func(b *testing.B) { run(b, t) })
	}
	if path := os.Getenv("SLIDETABLE_BENCH_TABLE"); path != "" {
		t, err := table.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(t.Size().String(), func(b *testing.B) { run(b, t) })
	}
}
