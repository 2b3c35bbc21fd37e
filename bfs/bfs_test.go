package bfs_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/rank"
)

var smallSizes = []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}}

// check compares a search result with the reference search, board by
// board: every board the reference reaches at its distance, and no other.
func check(t *testing.T, goal board.Board, res *bfs.Result) {
	t.Helper()
	ref := reference.DistancesIn(goal, res.Metric)
	n := goal.Len()
	counts := map[int]uint64{}
	for _, d := range ref {
		counts[d]++
	}
	if got, want := len(res.Counts), len(counts); got != want {
		t.Fatalf("%d depths, want %d", got, want)
	}
	for d, c := range res.Counts {
		if c != counts[d] {
			t.Fatalf("Counts[%d] = %d, want %d", d, c, counts[d])
		}
	}
	depth, reach := res.Expand()
	for b, want := range ref {
		i := rank.Index(b.Cells())
		if reach[i/64]&(1<<(i%64)) == 0 {
			t.Fatalf("board %v: not reachable, want %d moves", b, want)
		}
		if d := int(depth[rank.Half(i, n)]); d != want {
			t.Fatalf("board %v: depth %d, want %d", b, d, want)
		}
	}
	// Every board of the reference is reachable: so none other is, if
	// there are as many reachable boards as it has.
	reached := 0
	for _, w := range reach {
		reached += bits.OnesCount64(w)
	}
	if reached != len(ref) {
		t.Fatalf("%d boards reachable, want %d", reached, len(ref))
	}
}

func TestRunMatchesReference(t *testing.T) {
	for _, size := range smallSizes {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", size, workers), func(t *testing.T) {
				goal := board.Goal(size)
				res, err := bfs.Run(context.Background(), goal, &bfs.Options{Workers: workers})
				if err != nil {
					t.Fatal(err)
				}
				check(t, goal, res)
			})
		}
	}
}

// TestPackedMatchesReference checks the packed search, which Run uses only
// for boards of more than 9 cells, on the small boards.
func TestPackedMatchesReference(t *testing.T) {
	for _, size := range smallSizes {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", size, workers), func(t *testing.T) {
				goal := board.Goal(size)
				res, err := bfs.RunPacked(goal, workers)
				if err != nil {
					t.Fatal(err)
				}
				check(t, goal, res)
			})
		}
	}
}

// TestRunMultiMatchesReference checks the search in the multi-tile metric
// on the small boards, every distance.
func TestRunMultiMatchesReference(t *testing.T) {
	for _, size := range smallSizes {
		for _, workers := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/workers=%d", size, workers), func(t *testing.T) {
				goal := board.Goal(size)
				res, err := bfs.Run(context.Background(), goal, &bfs.Options{Workers: workers, Metric: board.MultiTile})
				if err != nil {
					t.Fatal(err)
				}
				if res.Metric != board.MultiTile {
					t.Fatalf("result in the %v metric", res.Metric)
				}
				check(t, goal, res)
			})
		}
	}
}

func TestRunOtherGoal(t *testing.T) {
	for _, tc := range []struct {
		size board.Size
		goal string
	}{
		{board.Size{W: 3, H: 3}, "0 1 2/3 4 5/6 7 8"},
		{board.Size{W: 3, H: 3}, "1 2 3/4 0 5/6 7 8"},
		{board.Size{W: 4, H: 2}, "0 7 6 5/4 3 2 1"},
		{board.Size{W: 2, H: 3}, "1 0/2 3/4 5"},
		{board.Size{W: 2, H: 4}, "7 6/5 4/3 2/1 0"},
		{board.Size{W: 4, H: 2}, "1 2 3 4/5 0 6 7"},
	} {
		t.Run(tc.goal, func(t *testing.T) {
			goal := board.MustParse(tc.size, tc.goal)
			res, err := bfs.Run(context.Background(), goal, nil)
			if err != nil {
				t.Fatal(err)
			}
			check(t, goal, res)
			res, err = bfs.RunPacked(goal, 2)
			if err != nil {
				t.Fatal(err)
			}
			check(t, goal, res)
			res, err = bfs.Run(context.Background(), goal, &bfs.Options{Metric: board.MultiTile})
			if err != nil {
				t.Fatal(err)
			}
			check(t, goal, res)
		})
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := bfs.Run(ctx, board.Goal(board.Size{W: 3, H: 3}), nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRunProgress(t *testing.T) {
	var levels []bfs.Progress
	res, err := bfs.Run(context.Background(), board.Goal(board.Size{W: 3, H: 2}), &bfs.Options{
		Progress: func(p bfs.Progress) { levels = append(levels, p) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(levels), len(res.Counts); got != want {
		t.Fatalf("%d progress calls, want one a level (%d)", got, want)
	}
	last := levels[len(levels)-1]
	if last.Visited != 360 || last.Slots != 360 || last.Depth != 21 {
		t.Fatalf("last progress %+v, want depth 21, 360 of 360", last)
	}
}

func TestRunRefuses(t *testing.T) {
	for _, tc := range []struct {
		size board.Size
		opts *bfs.Options
		want error
	}{
		{board.Size{W: 4, H: 4}, nil, bfs.ErrTooLarge},
		{board.Size{W: 5, H: 5}, nil, bfs.ErrTooLarge},
		{board.Size{W: 3, H: 3}, &bfs.Options{MaxMemory: 1000}, bfs.ErrMemory},
	} {
		t.Run(tc.size.String(), func(t *testing.T) {
			_, err := bfs.Run(context.Background(), board.Goal(tc.size), tc.opts)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			t.Log(err)
		})
	}
}

// TestResultRanges checks that Depths and Reach give any part of a packed
// result as Expand gives the whole.
func TestResultRanges(t *testing.T) {
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 2}, {W: 2, H: 4}, {W: 3, H: 2}} {
		packed, err := bfs.RunPacked(board.Goal(size), 2)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := bfs.Run(context.Background(), board.Goal(size), nil)
		if err != nil {
			t.Fatal(err)
		}
		multi, err := bfs.Run(context.Background(), board.Goal(size), &bfs.Options{Metric: board.MultiTile})
		if err != nil {
			t.Fatal(err)
		}
		for _, res := range []*bfs.Result{packed, whole, multi} {
			checkRanges(t, size, res)
		}
	}
}

// checkRanges checks that Depths, Reach and Rows of res agree with Expand
// on a few ranges.
func checkRanges(t *testing.T, size board.Size, res *bfs.Result) {
	t.Helper()
	{
		depth, reach := res.Expand()
		for _, r := range [][2]uint64{{0, 1}, {0, 100}, {5, 77}, {300, 1}, {13, 300}, {res.Slots() - 30, 30}} {
			d := make([]uint8, r[1])
			res.Depths(r[0], d)
			if !slices.Equal(d, depth[r[0]:r[0]+r[1]]) {
				t.Fatalf("%s: Depths(%d, %d bytes) differs from Expand", size, r[0], r[1])
			}
			if res.Metric == board.SingleTile {
				firsts, steps, ok := res.Rows(r[0], r[0]+r[1], nil, nil)
				wf, ws := rowsOf(size, depth, r[0], r[0]+r[1])
				if !ok || !slices.Equal(firsts, wf) || !slices.Equal(steps, ws) {
					t.Fatalf("%s: Rows(%d, %d) = %v, %v, %v, want %v, %v", size, r[0], r[0]+r[1], firsts, steps, ok, wf, ws)
				}
			} else {
				least, bits, ok := res.LeastRows(r[0], r[0]+r[1], nil, nil)
				wl, wb := leastRowsOf(size, depth, r[0], r[0]+r[1])
				if !ok || !slices.Equal(least, wl) || !slices.Equal(bits, wb) {
					t.Fatalf("%s: LeastRows(%d, %d) = %v, %v, %v, want %v, %v", size, r[0], r[0]+r[1], least, bits, ok, wl, wb)
				}
			}
			from := min(r[0]/5, uint64(len(reach))-1)
			count := min(r[1], uint64(len(reach))-from)
			w := make([]uint64, count)
			res.Reach(from, w)
			if !slices.Equal(w, reach[from:from+count]) {
				t.Fatalf("%s: Reach(%d, %d words) differs from Expand", size, from, count)
			}
		}
	}
}

// checkScan compares a search result with the plain search of package
// reference, board by board, over every index.
func checkScan(t *testing.T, goal board.Board, res *bfs.Result) {
	t.Helper()
	want := reference.Scan(goal, res.Metric)
	depth, reach := res.Expand()
	n := goal.Len()
	counts := make([]uint64, len(res.Counts))
	for i, d := range want {
		i := uint64(i)
		got := reach[i/64]>>(i%64)&1 == 1
		if got != (d != reference.Unreached) {
			t.Fatalf("board %d: reachable %v, want %v", i, got, !got)
		}
		if !got {
			continue
		}
		if gd := depth[rank.Half(i, n)]; gd != d {
			t.Fatalf("board %d: depth %d, want %d", i, gd, d)
		}
		if int(d) >= len(counts) {
			t.Fatalf("board %d at %d, beyond the counts", i, d)
		}
		counts[d]++
	}
	if !slices.Equal(counts, res.Counts) {
		t.Fatalf("counts %v, want %v", res.Counts, counts)
	}
}

// TestRun10MatchesScan checks the searches of 10 cells, every board.
func TestRun10MatchesScan(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds")
	}
	for _, size := range []board.Size{{W: 5, H: 2}, {W: 2, H: 5}} {
		for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
			t.Run(size.String()+"/"+metric.String(), func(t *testing.T) {
				checkScan(t, board.Goal(size), search(t, size, metric))
			})
		}
	}
}

// searches holds the searches of 10 and 12 cells (with the default
// options) that more than one test checks, made once a test binary: a
// 12-cell search is a quarter of a minute of processor time, and
// TestRun10MatchesScan and TestRun12MatchesScan check against the plain
// search the very results whose counts TestMultiPublished compares with
// the published ones.
var searches sync.Map // searchKey → *searchOnce

type searchKey struct {
	size   board.Size
	metric board.Metric
}

type searchOnce struct {
	once sync.Once
	res  *bfs.Result
	err  error
}

// search returns the search of the goal of size in metric, made on the
// first call.
func search(t *testing.T, size board.Size, metric board.Metric) *bfs.Result {
	t.Helper()
	v, _ := searches.LoadOrStore(searchKey{size, metric}, new(searchOnce))
	s := v.(*searchOnce)
	s.once.Do(func() {
		s.res, s.err = bfs.Run(context.Background(), board.Goal(size), &bfs.Options{Metric: metric})
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.res
}

// all12 reports whether the checks of 12 cells run on every size and
// metric (SLIDETABLE_LONG12=1), rather than on 4x3 in the single-tile
// metric and 6x2 in the multi-tile one (SLIDETABLE_LONG=1): the eight take
// about 20 minutes of processor time.
func all12() bool { return os.Getenv("SLIDETABLE_LONG12") == "1" }

// sample12 reports whether the 12-cell check of size in metric runs.
func sample12(size board.Size, metric board.Metric) bool {
	switch {
	case all12():
		return true
	case !testenv.IsLong():
		return false
	case metric == board.SingleTile:
		return size == board.Size{W: 4, H: 3}
	}
	return size == board.Size{W: 6, H: 2}
}

// TestRun12MatchesScan checks the searches of 12 cells, every board, for
// the sizes and metrics sample12 picks: a minute or two of processor time
// and 1 GB each.
func TestRun12MatchesScan(t *testing.T) {
	if !testenv.IsLong() && !all12() {
		t.Skip("long check: runs with SLIDETABLE_LONG=1 (one size a metric) or SLIDETABLE_LONG12=1 (all of them)")
	}
	for _, size := range []board.Size{{W: 4, H: 3}, {W: 3, H: 4}, {W: 6, H: 2}, {W: 2, H: 6}} {
		for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
			if !sample12(size, metric) {
				continue
			}
			// The plain scan runs on one core: two sizes at once keep two
			// busy.
			t.Run(size.String()+"/"+metric.String(), func(t *testing.T) {
				t.Parallel()
				checkScan(t, board.Goal(size), search(t, size, metric))
			})
		}
	}
}

// rowsOf returns what Result.Rows gives for slots from to to-1 of a depth
// table, computed slot by slot.
func rowsOf(size board.Size, depth []uint8, from, to uint64) (firsts, steps []byte) {
	w := uint64(size.W)
	var nbits uint
	for s := from; s < to; s++ {
		if s == from || s%w == 0 {
			firsts = append(firsts, depth[s])
			continue
		}
		if nbits%8 == 0 {
			steps = append(steps, 0)
		}
		if depth[s] == depth[s-1]+1 {
			steps[len(steps)-1] |= 1 << (nbits % 8)
		}
		nbits++
	}
	return firsts, steps
}

// TestMultiPublished checks the distributions of the multi-tile metric
// against the ones lightln2 published (package published): the boards of up to 10 cells always, 4x3 and
// 6x2 with SLIDETABLE_LONG=1, and 3x4 and 2x6 too with SLIDETABLE_LONG12=1.
func TestMultiPublished(t *testing.T) {
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 4, H: 2}, {W: 3, H: 3}, {W: 5, H: 2}, {W: 4, H: 3}, {W: 6, H: 2}} {
		for _, s := range []board.Size{size, {W: size.H, H: size.W}} {
			d, ok := published.DistributionOf(s, board.MultiTile)
			if !ok || d.Counted {
				t.Fatalf("%s: no distribution published in multi-tile moves", s)
			}
			want := d.Counts
			// Of 12 cells: the two of sample12's sizes, whose God's
			// numbers are 33 and 41, or all.
			if s.Cells() > 10 && !(all12() || testenv.IsLong() && s == size) || s.Cells() == 10 && testing.Short() {
				continue
			}
			t.Run(s.String(), func(t *testing.T) {
				if res := search(t, s, board.MultiTile); !slices.Equal(res.Counts, want) {
					t.Fatalf("counts %v, published %v", res.Counts, want)
				}
			})
		}
	}
}

// leastRowsOf returns what Result.LeastRows gives for slots from to to-1
// of a depth table, computed slot by slot.
func leastRowsOf(size board.Size, depth []uint8, from, to uint64) (least, bits []byte) {
	w := uint64(size.W)
	var nbits uint
	for s := from; s < to; {
		end := min(s-s%w+w, to)
		m := slices.Min(depth[s:end])
		least = append(least, m)
		for _, d := range depth[s:end] {
			if nbits%8 == 0 {
				bits = append(bits, 0)
			}
			bits[len(bits)-1] |= (d - m) << (nbits % 8)
			nbits++
		}
		s = end
	}
	return least, bits
}
