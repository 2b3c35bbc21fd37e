package chart_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/chart"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
	"gonum.org/v1/plot/vg"
)

func load(t *testing.T, w, h int) *table.Table {
	t.Helper()
	tbl, err := source.BuiltinTable(board.Size{W: w, H: h})
	if err != nil {
		t.Fatal(err)
	}
	return tbl
}

func TestDistribution(t *testing.T) {
	p, err := chart.Distribution(load(t, 3, 3), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3x3", "181,440 states"} {
		if !strings.Contains(p.Title.Text, want) {
			t.Errorf("title %q lacks %q", p.Title.Text, want)
		}
	}
	if p.X.Label.Text == "" || p.Y.Label.Text == "" {
		t.Errorf("axis labels %q and %q", p.X.Label.Text, p.Y.Label.Text)
	}
	if p.X.Min >= 0 || p.X.Max <= 31 {
		t.Errorf("x axis %v..%v does not show distances 0..31", p.X.Min, p.X.Max)
	}
	if p.Y.Max < 24047 {
		t.Errorf("y axis up to %v, below the tallest bar, 24,047", p.Y.Max)
	}
}

// TestPNGBars draws the 2x2 chart, whose seven bars are all at least half as
// tall as the tallest, and counts the runs of the bar colour along a line
// across the image just above the bottom of the bars.
func TestPNGBars(t *testing.T) {
	tbl := load(t, 2, 2)
	for _, log := range []bool{false, true} {
		var buf bytes.Buffer
		if err := chart.Write(&buf, tbl, "png", &chart.Options{DPI: 100, Log: log}); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := img.Bounds().Size(), (image.Point{X: 800, Y: 450}); got != want {
			t.Fatalf("image is %v, want %v", got, want)
		}
		if got, want := barRuns(img, img.Bounds().Dy()*86/100), tbl.Max()+1; got != want {
			t.Errorf("log %v: %d bars across the image, want %d", log, got, want)
		}
		if c := color.RGBAModel.Convert(img.At(0, 0)).(color.RGBA); c != (color.RGBA{255, 255, 255, 255}) {
			t.Errorf("log %v: background %v, want white", log, c)
		}
	}
}

// barRuns counts the runs of pixels of the bar colour on row y, counting
// as one run two that are less than 6 pixels apart (such as a bar that the
// line at the mean crosses).
func barRuns(img image.Image, y int) int {
	runs := 0
	last := -100 // x of the last bar pixel
	for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
		r, g, b, _ := img.At(x, y).RGBA()
		if r>>8 == 0x3b && g>>8 == 0x6e && b>>8 == 0xa8 {
			if x-last >= 6 {
				runs++
			}
			last = x
		}
	}
	return runs
}

func TestFormats(t *testing.T) {
	tbl := load(t, 3, 2)
	tests := []struct {
		format string
		magic  string
	}{
		{"svg", "<?xml"},
		{"SVG", "<?xml"},
		{"png", "\x89PNG"},
		{"pdf", "%PDF"},
		{"jpg", "\xff\xd8"},
		{"tif", "II*\x00"},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := chart.Write(&buf, tbl, tt.format, &chart.Options{DPI: 50}); err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(buf.Bytes(), []byte(tt.magic)) {
				t.Fatalf("output starts %q, want %q", buf.Bytes()[:min(8, buf.Len())], tt.magic)
			}
		})
	}
	var buf bytes.Buffer
	if err := chart.Write(&buf, tbl, "svg", nil); err != nil {
		t.Fatal(err)
	}
	if s := buf.String(); !strings.Contains(s, "360 states") || !strings.Contains(s, "boards") {
		t.Errorf("the SVG lacks the title or the axis label")
	}
}

func TestWriteFile(t *testing.T) {
	tbl := load(t, 3, 2)
	dir := t.TempDir()
	path := filepath.Join(dir, "3x2.png")
	if err := chart.WriteFile(path, tbl, nil); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, bad := range []string{"3x2.bmp", "3x2.eps", "3x2"} {
		if err := chart.WriteFile(filepath.Join(dir, bad), tbl, nil); !errors.Is(err, chart.ErrFormat) {
			t.Errorf("WriteFile(%s): %v, want ErrFormat", bad, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the directory holds %v, want only 3x2.png", names)
	}
}

// TestWriteTooLarge checks that images too large to draw in memory are
// refused before anything is drawn.
func TestWriteTooLarge(t *testing.T) {
	tb, err := source.BuiltinTable(board.Size{W: 3, H: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		format string
		opts   chart.Options
	}{
		{"png", chart.Options{Width: 100 * vg.Inch, Height: 100 * vg.Inch, DPI: 1200}},
		{"tif", chart.Options{Width: 50 * vg.Inch, Height: 50 * vg.Inch, DPI: 600}},
		{"svg", chart.Options{Width: vg.Length(math.Inf(1)), Height: 4 * vg.Inch}},
		{"pdf", chart.Options{Width: 8 * vg.Inch, Height: 1e9 * vg.Inch}},
	} {
		var buf bytes.Buffer
		if err := chart.Write(&buf, tb, tc.format, &tc.opts); !errors.Is(err, chart.ErrSize) || buf.Len() > 0 {
			t.Errorf("%s %+v: %v, %d bytes written; want ErrSize and nothing", tc.format, tc.opts, err, buf.Len())
		}
	}
}

// TestMultiTile checks that a chart of the multi-tile metric says so, for
// a table and for the published 4x4 distribution.
func TestMultiTile(t *testing.T) {
	tbl, err := source.BuiltinTableIn(board.Size{W: 3, H: 3}, board.MultiTile)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := published.DistributionOf(board.Size{W: 4, H: 4}, board.MultiTile)
	if !ok {
		t.Fatal("no published 4x4 multi-tile distribution")
	}
	for _, c := range []chart.Counts{tbl, chart.Published(d)} {
		p, err := chart.Distribution(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Title.Text, "fewest multi-tile moves") || !strings.Contains(p.X.Label.Text, "multi-tile moves") {
			t.Errorf("title %q, x axis %q", p.Title.Text, p.X.Label.Text)
		}
	}
	p, err := chart.Distribution(load(t, 3, 3), nil)
	if err != nil || strings.Contains(p.Title.Text, "multi") {
		t.Errorf("single-tile title %q, %v", p.Title.Text, err)
	}
}
