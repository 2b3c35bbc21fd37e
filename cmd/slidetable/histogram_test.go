package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/reference"
)

// TestStatsAgainstReference checks the mean, median and hardest boards that
// stats prints for the small sizes against the reference search.
func TestStatsAgainstReference(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 2, H: 2}, {W: 3, H: 2}, {W: 2, H: 3}, {W: 4, H: 2}} {
		ref := reference.Distances(board.Goal(size))
		var ds []int
		top := 0
		for _, d := range ref {
			ds = append(ds, d)
			top = max(top, d)
		}
		slices.Sort(ds)
		wantMedian := float64(ds[(len(ds)-1)/2]+ds[len(ds)/2]) / 2
		sum := 0
		var wantHardest []string
		for b, d := range ref {
			sum += d
			if d == top {
				wantHardest = append(wantHardest, b.String())
			}
		}
		slices.Sort(wantHardest)
		code, stdout, stderr := slidetable(t, "", "stats", "-json", size.String())
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var out struct {
			Mean    float64 `json:"mean"`
			Median  float64 `json:"median"`
			Max     int     `json:"max"`
			Hardest [][]int `json:"hardest"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		var hardest []string
		for _, c := range out.Hardest {
			hardest = append(hardest, boardOf(t, size, c).String())
		}
		slices.Sort(hardest)
		if out.Median != wantMedian || math.Abs(out.Mean-float64(sum)/float64(len(ds))) > 1e-9 || out.Max != top || !slices.Equal(hardest, wantHardest) {
			t.Errorf("%s: %s\nwant median %v, mean %v, max %d, hardest %v", size, stdout, wantMedian, float64(sum)/float64(len(ds)), top, wantHardest)
		}
	}
}

func TestStatsText(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := slidetable(t, "", "stats", "3x3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"median distance: ", "the 2 boards at distance 31:\n  ", "      24  24,047  " + strings.Repeat("█", 50) + "\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	// Every distance has a line with a bar, however few its boards.
	for d := range 32 {
		line := fmt.Sprintf("%8d  ", d)
		i := strings.Index(stdout, "\n"+line)
		if i < 0 {
			t.Fatalf("no line for distance %d", d)
		}
		rest := stdout[i+1:]
		rest = rest[:strings.IndexByte(rest, '\n')]
		if !strings.ContainsAny(rest, "█▏▎▍▌▋▊▉") {
			t.Errorf("distance %d has no bar: %q", d, rest)
		}
	}
	_, stdout, _ = slidetable(t, "", "stats", "-list", "1", "3x3")
	if !strings.Contains(stdout, "boards at distance 31 (the first 1 of 2 in table order") || strings.Count(stdout, "/") != 2 {
		t.Errorf("-list 1 output:\n%s", stdout)
	}
	if code, _, _ := slidetable(t, "", "stats", "-list", "-1", "3x3"); code != exitUsage {
		t.Errorf("-list -1: exit %d, want 2", code)
	}
}
