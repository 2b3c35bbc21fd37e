package bfs_test

import (
	"context"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
)

// benchmarkRun reports, besides the wall time, the process's CPU time a
// board: on a shared machine the wall time depends on the other load.
func benchmarkRun(b *testing.B, size board.Size, workers int) {
	goal := board.Goal(size)
	var boards uint64
	cpu0 := cpuTime()
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
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(boards), "ns/board")
	if cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N)/float64(boards), "cpu-ns/board")
	}
}

func BenchmarkRun3x3(b *testing.B)         { benchmarkRun(b, board.Size{W: 3, H: 3}, 0) }
func BenchmarkRun2x5(b *testing.B)         { benchmarkRun(b, board.Size{W: 2, H: 5}, 0) }
func BenchmarkRun2x5Workers1(b *testing.B) { benchmarkRun(b, board.Size{W: 2, H: 5}, 1) }

func BenchmarkRun3x3Workers1(b *testing.B) { benchmarkRun(b, board.Size{W: 3, H: 3}, 1) }
