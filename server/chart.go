package server

import (
	"bytes"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/chart"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

// chartOf returns the function that draws the chart of /api/chart for p,
// once, or nil if p has none: the distribution of p's table, or, for a
// size without one played towards the standard goal, the distribution
// package published holds for it in p's metric (4x4), which the chart
// labels as published and whose source it names, as 'slidetable plot 4x4'
// draws it.
func chartOf(p Puzzle) func() ([]byte, error) {
	open := p.OpenTable
	if t := p.Table; t != nil {
		open = func() (*table.Table, error) { return t, nil }
	}
	if open != nil {
		return sync.OnceValues(func() ([]byte, error) {
			t, err := open()
			if err != nil {
				return nil, err
			}
			return chartSVG(t)
		})
	}
	size := p.Goal.Size()
	if p.Goal != board.Goal(size) {
		return nil
	}
	d, ok := published.DistributionOf(size)
	if p.Metric == board.MultiTile {
		d, ok = published.MultiDistributionOf(size)
	}
	if !ok {
		return nil
	}
	return sync.OnceValues(func() ([]byte, error) { return chartSVG(chart.Published(d)) })
}

// chartSVG draws the distribution of counts as an SVG chart.
func chartSVG(counts chart.Counts) ([]byte, error) {
	var buf bytes.Buffer
	err := chart.Write(&buf, counts, "svg", nil)
	return buf.Bytes(), err
}
