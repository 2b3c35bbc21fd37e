package chart

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/human"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/published"
)

// Errors returned by Write and WriteFile.
var (
	// ErrFormat reports an image format Write does not know.
	ErrFormat = failure.New(failure.Input, "chart: unknown image format")
	// ErrSize reports an image larger than MaxInches on a side or, for
	// PNG, JPEG and TIFF, than MaxPixels.
	ErrSize = failure.New(failure.Input, "chart: image too large")
)

// Limits of the image Write draws. A PNG, JPEG or TIFF image is drawn in
// memory, four bytes a pixel: MaxPixels bounds that at 200 MB.
const (
	MaxInches = 200
	MaxPixels = 50_000_000
)

// Options changes how the chart is drawn. A nil *Options, or a zero field,
// means the default.
type Options struct {
	Width, Height vg.Length // size of the image; default 8 by 4.5 inches
	DPI           int       // pixels an inch of PNG, JPEG and TIFF images; default 150
	Log           bool      // a logarithmic count axis, which shows the tails
}

func (o *Options) orDefault() Options {
	d := Options{Width: 8 * vg.Inch, Height: 4.5 * vg.Inch, DPI: 150}
	if o == nil {
		return d
	}
	if o.Width > 0 {
		d.Width = o.Width
	}
	if o.Height > 0 {
		d.Height = o.Height
	}
	if o.DPI > 0 {
		d.DPI = o.DPI
	}
	d.Log = o.Log
	return d
}

var (
	barColor  = color.RGBA{R: 0x3b, G: 0x6e, B: 0xa8, A: 0xff}
	meanColor = color.RGBA{R: 0xc0, G: 0x39, B: 0x2b, A: 0xff}
)

// Counts is what a chart draws: the number of boards at each distance from
// a goal, from 0 to the largest. A *table.Table is one; Published makes one
// of a published distribution.
type Counts interface {
	Goal() board.Board
	Counts() []uint64
}

// Published returns the Counts of a distribution published elsewhere
// (package published); its chart says so and names the source.
func Published(d published.Distribution) Counts { return publishedCounts{d} }

type publishedCounts struct{ d published.Distribution }

// Stats returns the Counts of a distribution as package api has it (the
// answer of 'slidetable stats' and of /api/stats): one published
// elsewhere, if it names its source, which its chart says and cites.
func Stats(st api.Stats) Counts {
	m := board.SingleTile
	if st.Metric != "" {
		if pm, err := board.ParseMetric(st.Metric); err == nil {
			m = pm
		}
	}
	if d, ok := published.DistributionOf(st.Size, m); ok && st.Source != "" && st.Source == d.Source {
		return publishedCounts{d}
	}
	goal := board.Goal(st.Size)
	if st.Goal != nil {
		goal = *st.Goal
	}
	return statsCounts{goal, st.Counts, m}
}

type statsCounts struct {
	goal   board.Board
	counts []uint64
	metric board.Metric
}

func (c statsCounts) Goal() board.Board    { return c.goal }
func (c statsCounts) Counts() []uint64     { return c.counts }
func (c statsCounts) Metric() board.Metric { return c.metric }

func (p publishedCounts) Goal() board.Board    { return board.Goal(p.d.Size) }
func (p publishedCounts) Counts() []uint64     { return p.d.Counts }
func (p publishedCounts) Metric() board.Metric { return p.d.Metric }

// movesOf names the moves t counts: "multi-tile moves" if it says it counts
// moves of board.MultiTile (a *table.Table says), else "moves".
func movesOf(t Counts) string {
	if m, ok := t.(interface{ Metric() board.Metric }); ok && m.Metric() == board.MultiTile {
		return "multi-tile moves"
	}
	return "moves"
}

// Distribution returns a bar chart of the number of boards at each distance
// of t, with a dashed line at the mean distance.
func Distribution(t Counts, opts *Options) (*plot.Plot, error) {
	o := opts.orDefault()
	counts := t.Counts()
	if len(counts) == 0 {
		return nil, fmt.Errorf("%w: no boards to draw", ErrSize)
	}
	var total uint64
	var sum float64
	for d, c := range counts {
		total += c
		sum += float64(d) * float64(c)
	}
	mean, largest := sum/float64(total), len(counts)-1
	p := plot.New()
	size := t.Goal().Size()
	goal := board.GoalName(t.Goal())
	moves := movesOf(t)
	p.Title.Text = fmt.Sprintf("%s sliding puzzle: fewest %s to %s from each of its %s states", size, moves, goal, human.Group(total))
	if pc, ok := t.(publishedCounts); ok {
		p.Title.Text += "\n(published by " + pc.d.Cite + ", not computed here)"
	}
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = "distance from the goal (" + moves + ")"
	p.Y.Label.Text = "boards"
	if o.Log {
		p.Y.Label.Text = "boards (log scale)"
	}

	bars := &plotter.Histogram{FillColor: barColor, LogY: o.Log}
	bars.LineStyle.Width = 0
	for d, c := range counts {
		bars.Bins = append(bars.Bins, plotter.HistogramBin{Min: float64(d) - 0.4, Max: float64(d) + 0.4, Weight: float64(c)})
	}
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	grid.Horizontal.Color = color.Gray{Y: 0xdd}
	p.Add(grid, bars)

	top := 0.0
	for _, c := range counts {
		top = max(top, float64(c))
	}
	bottom := 0.0
	if o.Log {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
		bottom = 0.5
		top *= 30 // room for the legend above the bars
	} else {
		p.Y.Tick.Marker = countTicks{}
		top *= 1.3
	}
	meanLine, err := plotter.NewLine(plotter.XYs{{X: mean, Y: max(bottom, 1e-9)}, {X: mean, Y: top}})
	if err != nil {
		return nil, err
	}
	meanLine.LineStyle = draw.LineStyle{Color: meanColor, Width: vg.Points(1.5), Dashes: []vg.Length{vg.Points(5), vg.Points(3)}}
	p.Add(meanLine)
	p.Legend.Add("boards at each distance", bars)
	p.Legend.Add(fmt.Sprintf("mean %.2f %s", mean, moves), meanLine)
	p.Legend.Add(fmt.Sprintf("largest distance %d (%s %s)", largest, human.Group(counts[largest]), human.Plural(counts[largest], "board", "boards")))
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.Padding = vg.Points(3)

	p.X.Min, p.X.Max = -0.7, float64(len(counts)-1)+0.7
	p.Y.Min, p.Y.Max = bottom, top
	p.X.Tick.Marker = distanceTicks{}
	return p, nil
}

// Write draws the chart of t and writes it to w in the given format: "svg",
// "png", "pdf", "jpg", "jpeg", "tif" or "tiff". (Not EPS: the EPS writer
// of gonum.org/v1/plot v0.17.0 starts its files with a malformed header.)
//
// It fails with ErrSize for an image larger than MaxInches on a side or a
// raster image of more than MaxPixels.
func Write(w io.Writer, t Counts, format string, opts *Options) error {
	o := opts.orDefault()
	if err := check(format, o); err != nil {
		return err
	}
	p, err := Distribution(t, &o)
	if err != nil {
		return err
	}
	var c vg.CanvasWriterTo
	switch f := strings.ToLower(format); f {
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(o.Width, o.Height), vgimg.UseDPI(o.DPI))}
	case "jpg", "jpeg":
		c = vgimg.JpegCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(o.Width, o.Height), vgimg.UseDPI(o.DPI))}
	case "tif", "tiff":
		c = vgimg.TiffCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(o.Width, o.Height), vgimg.UseDPI(o.DPI))}
	case "svg", "pdf":
		if c, err = draw.NewFormattedCanvas(o.Width, o.Height, f); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: %q (want svg, png, pdf, jpg or tif)", ErrFormat, format)
	}
	// A white background, so that the chart reads on dark pages too.
	c.SetColor(color.White)
	c.Fill(rect(o.Width, o.Height))
	p.Draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}

// check refuses an image Write would not draw: of an unknown format, or too
// large.
func check(format string, o Options) error {
	win, hin := float64(o.Width/vg.Inch), float64(o.Height/vg.Inch)
	if !(win <= MaxInches && hin <= MaxInches) {
		return fmt.Errorf("%w: %v by %v inches (at most %d on a side)", ErrSize, win, hin, MaxInches)
	}
	switch strings.ToLower(format) {
	case "png", "jpg", "jpeg", "tif", "tiff":
		if px := win * float64(o.DPI) * hin * float64(o.DPI); px > MaxPixels {
			return fmt.Errorf("%w: %v by %v inches at %d dpi is %.0f million pixels (at most %d million)",
				ErrSize, win, hin, o.DPI, px/1e6, MaxPixels/1_000_000)
		}
	case "svg", "pdf":
	default:
		return fmt.Errorf("%w: %q (want svg, png, pdf, jpg or tif)", ErrFormat, format)
	}
	return nil
}

// WriteFile writes the chart of t to path in the format its extension names
// (see Write), through a temporary file in the same directory (unnamed, on
// Linux) that takes the name path once it is complete. If path exists and
// is not a regular file (a device, a FIFO, a directory) it is refused and
// left untouched; errors never name the temporary file.
func WriteFile(path string, t Counts, opts *Options) error {
	format := strings.TrimPrefix(filepath.Ext(path), ".")
	if format == "" {
		return fmt.Errorf("%w: %s has no extension (want .svg, .png, .pdf, ...)", ErrFormat, path)
	}
	if err := check(format, opts.orDefault()); err != nil {
		return err
	}
	err := atomicfile.Write(path, 0o644, func(f *os.File) error {
		return Write(f, t, format, opts)
	})
	if err != nil {
		return fmt.Errorf("chart: write %w", err)
	}
	return nil
}

// rect is the path around a w by h canvas.
func rect(w, h vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{})
	p.Line(vg.Point{X: w})
	p.Line(vg.Point{X: w, Y: h})
	p.Line(vg.Point{Y: h})
	p.Close()
	return p
}

// distanceTicks labels whole distances: every one up to 40 of them, else
// every 2nd, 5th, 10th, ... with unlabelled minor ticks between.
type distanceTicks struct{}

func (distanceTicks) Ticks(lo, hi float64) []plot.Tick {
	first, last := int(math.Ceil(lo)), int(math.Floor(hi))
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50} {
		step = s
		if (last-first)/s <= 40 {
			break
		}
	}
	var ticks []plot.Tick
	for d := first; d <= last; d++ {
		t := plot.Tick{Value: float64(d)}
		if d%step == 0 {
			t.Label = strconv.Itoa(d)
		}
		ticks = append(ticks, t)
	}
	return ticks
}

// countTicks labels whole counts at a round step, 1, 2 or 5 times a power
// of ten, that gives 4 to 10 labels, with thousands separators.
type countTicks struct{}

func (countTicks) Ticks(lo, hi float64) []plot.Tick {
	lo = max(lo, 0)
	step := 1.0
	for (hi-lo)/step > 10 {
		switch m := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); {
		case m < 1.5:
			step *= 2
		case m < 3:
			step *= 2.5
		default:
			step *= 2
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: human.Group(uint64(v))})
	}
	return ticks
}

// logTicks is plot.LogTicks with thousands separators in the labels.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.LogTicks{Prec: -1}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label != "" && t.Value >= 1 && t.Value == math.Trunc(t.Value) {
			ticks[i].Label = human.Group(uint64(t.Value))
		}
	}
	return ticks
}
