package main

import (
	"context"
	"errors"
	"fmt"

	"gonum.org/v1/plot/vg"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/chart"
)

func runPlot(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "plot", "slidetable plot [-table FILE] [-metric single|multi] [-o FILE.svg|.png|.pdf|.jpg|.tif] [-log] [-width IN] [-height IN] [-dpi N] [-max-mem SIZE] WxH|FILE",
		"Draw the number of boards at each distance from the goal as a bar chart,\n"+
			"with the mean marked, from the built-in or installed table of a size or\n"+
			"from the table FILE (which may also be given alone; not a pattern\n"+
			"database or an abstraction tier), and write it to the -o file in the\n"+
			"format its extension names: .svg, .png, .pdf, .jpg or .tif. For 4x4, which\n"+
			"has no table, it draws the published distribution, and says so. With\n"+
			"-metric multi, distances count multi-tile moves.",
		"  slidetable plot 3x3\n  slidetable plot -log -o 4x4.svg 4x4\n  slidetable plot -o 3x3.png 3x3\n  slidetable plot -log -o 4x3.svg -table 4x3.tbl 4x3\n")
	path := f.String("table", "", "use the table `FILE` instead of the built-in or installed one (without -metric, in its metric)")
	f.addMemFlag()
	f.addMetricFlag()
	out := f.String("o", "", "write the chart to `FILE` (default WxH.svg, or WxH-multi.svg with -metric multi)")
	logScale := f.Bool("log", false, "draw the counts on a logarithmic scale, which shows the tails")
	width := f.Float64("width", 8, "make the image `IN` inches wide")
	height := f.Float64("height", 4.5, "make the image `IN` inches high")
	dpi := f.Int("dpi", 150, "draw PNG, JPEG and TIFF images at `N` pixels an inch")
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return f.failf("want one size or table file, got %d arguments", len(pos))
	}
	if !(*width >= 1 && *width <= 100 && *height >= 1 && *height <= 100) {
		return f.failf("-width %v -height %v: want 1 to 100 inches", *width, *height)
	}
	if *dpi < 10 || *dpi > 1200 {
		return f.failf("-dpi %d: want 10 to 1200", *dpi)
	}
	st, err := statsOf(ctx, f, *path, pos[0], 0)
	if err != nil {
		return err
	}
	counts := chart.Stats(st)
	dest := *out
	if dest == "" {
		dest = counts.Goal().Size().String() + ".svg"
		if f.metric == board.MultiTile {
			dest = counts.Goal().Size().String() + "-multi.svg"
		}
	}
	if err := f.outputFile("o", dest); err != nil {
		return err
	}
	opts := &chart.Options{Width: vg.Length(*width) * vg.Inch, Height: vg.Length(*height) * vg.Inch, DPI: *dpi, Log: *logScale}
	if err := chart.WriteFile(dest, counts, opts); err != nil {
		if errors.Is(err, chart.ErrFormat) || errors.Is(err, chart.ErrSize) {
			return f.fail(err)
		}
		return err
	}
	_, err = fmt.Fprintf(e.stdout, "wrote %s\n", dest)
	return err
}
