package bfs_test

import (
	"context"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
)

// benchmarkRun reports, besides the wall time, the process's CPU time a
// board: on a shared machine the wall time depends on the other load.
func benchmarkRun(b *testing.B, size board.Size, workers int) {
	goal := board.Goal(size)
	var boards uint64
	cpu0 := testenv.CPUTime()
	for b.Loop() {
		res, err := bfs.Run(context.Background(), goal, &bfs.Options{Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
		boards = 0
		for _, c := range res.Counts {
			boards += c
		}
	}
	cpu := testenv.CPUTime() - cpu0
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(boards), "ns/board")
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N)/float64(boards), "cpu-ns/board")
	}
}

func BenchmarkRun3x3(b *testing.B)         { benchmarkRun(b, board.Size{W: 3, H: 3}, 0) }
func BenchmarkRun2x5(b *testing.B)         { benchmarkRun(b, board.Size{W: 2, H: 5}, 0) }
func BenchmarkRun2x5Workers1(b *testing.B) { benchmarkRun(b, board.Size{W: 2, H: 5}, 1) }

func BenchmarkRun3x3Workers1(b *testing.B) { benchmarkRun(b, board.Size{W: 3, H: 3}, 1) }

// BenchmarkRun12 searches the 12-cell boards, 300 MB and seconds each:
// only with SLIDETABLE_LONG=1 (SLIDETABLE_LONG=1 go test ./bfs -run XX
// -bench Run12 -benchtime 1x).
func BenchmarkRun12(b *testing.B) {
	testenv.Long(b)
	for _, size := range []board.Size{{W: 4, H: 3}, {W: 3, H: 4}, {W: 2, H: 6}, {W: 6, H: 2}} {
		b.Run(size.String(), func(b *testing.B) { benchmarkRun(b, size, 0) })
		b.Run(size.String()+"/workers=1", func(b *testing.B) { benchmarkRun(b, size, 1) })
	}
}

// BenchmarkScan12 runs the plain search of package reference on 12 cells,
// the baseline the search is measured against: a minute and 479 MB each,
// so only with SLIDETABLE_LONG=1.
func BenchmarkScan12(b *testing.B) {
	testenv.Long(b)
	for _, size := range []board.Size{{W: 4, H: 3}, {W: 3, H: 4}, {W: 2, H: 6}, {W: 6, H: 2}} {
		b.Run(size.String(), func(b *testing.B) {
			cpu0 := testenv.CPUTime()
			for b.Loop() {
				reference.Scan(board.Goal(size), board.SingleTile)
			}
			if cpu := testenv.CPUTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu)/1e9/float64(b.N), "cpu-s")
			}
		})
	}
}
