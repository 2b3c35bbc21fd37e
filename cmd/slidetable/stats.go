package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/table"
)

func init() {
	register("stats", "print the distance distribution of a table", runStats)
}

func runStats(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "stats", "slidetable stats [-json] WxH|FILE",
		"Print the number of boards that reach the goal, God's number (the largest\n"+
			"distance) and how many boards are that far, the mean distance, and the\n"+
			"number of boards at each distance, from the built-in table of a size or\n"+
			"from a table file.",
		"  slidetable stats 3x3\n  slidetable stats -json 4x2\n  slidetable stats 4x3.tbl\n")
	asJSON := f.Bool("json", false, `print {"width":3,"height":3,"states":181440,"max":31,"counts":[1,2,4,...]}`)
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return f.failf("want one size or table file, got %d arguments", len(pos))
	}
	t, err := openSizeOrFile(f, pos[0])
	if err != nil {
		return err
	}
	defer t.Close()
	counts := t.Counts()
	var sum float64
	for d, c := range counts {
		sum += float64(d) * float64(c)
	}
	mean := sum / float64(t.Reachable())
	size := t.Size()
	if *asJSON {
		return writeJSONLine(e.stdout, struct {
			Width  int      `json:"width"`
			Height int      `json:"height"`
			States uint64   `json:"states"`
			Max    int      `json:"max"`
			AtMax  uint64   `json:"at_max"`
			Mean   float64  `json:"mean"`
			Counts []uint64 `json:"counts"`
		}{size.W, size.H, t.Reachable(), t.Max(), counts[t.Max()], mean, counts})
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "size: %s, %s\n", size, goalName(t.Goal()))
	fmt.Fprintf(&sb, "states: %s\n", group(t.Reachable()))
	fmt.Fprintf(&sb, "God's number: %d (%s states)\n", t.Max(), group(counts[t.Max()]))
	fmt.Fprintf(&sb, "mean distance: %.4f\n", mean)
	fmt.Fprintf(&sb, "distance  states\n")
	for d, c := range counts {
		fmt.Fprintf(&sb, "%8d  %s\n", d, group(c))
	}
	_, err = fmt.Fprint(e.stdout, sb.String())
	return err
}

// openSizeOrFile opens the built-in table of a size written WxH, or else the
// table file of that name. An argument that is neither a size nor an
// existing file, and does not look like a path, is taken for a mistyped
// size.
func openSizeOrFile(f *flags, arg string) (*table.Table, error) {
	size, err := board.ParseSize(arg)
	if err == nil {
		return f.loadTable("", size)
	}
	if _, serr := os.Stat(arg); errors.Is(serr, fs.ErrNotExist) && !strings.ContainsAny(arg, "./\\") {
		return nil, f.fail(fmt.Errorf("%w, and there is no table file of that name", err))
	}
	return table.Open(arg)
}
