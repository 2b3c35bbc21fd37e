package main

import (
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

// addMetricFlag adds -metric to f: what counts as one move.
func (f *flags) addMetricFlag() {
	f.metricName = f.String("metric", "", "count moves in `METRIC`: single (a tile slides into the blank) or multi (a tap slides every tile between it and the blank, along its row or column); default single, or the metric of a -table FILE")
}

// metricFlag checks -metric and sets f.metric.
func (f *flags) metricFlag() error {
	if f.metricName == nil || *f.metricName == "" {
		return nil
	}
	m, err := board.ParseMetric(*f.metricName)
	if err != nil {
		return f.fail(fmt.Errorf("-metric: %w", err))
	}
	f.metric, f.metricSet = m, true
	return nil
}

// taps writes moves of the multi-tile metric for a person: each tapped
// tile with how many tiles slide and which way, "5 (2 tiles slide down)".
// With path set the moves are played one after another from b; otherwise
// each is a move of b.
func taps(b board.Board, moves []uint8, path bool) string {
	s := make([]string, len(moves))
	for i, t := range api.Taps(b, moves, path) {
		switch t.Slides {
		case 0:
			s[i] = fmt.Sprintf("%d (?)", t.Tile) // not a move of b; the solver gives only legal ones
		case 1:
			s[i] = fmt.Sprintf("%d (1 tile slides %s)", t.Tile, t.Direction)
		default:
			s[i] = fmt.Sprintf("%d (%d tiles slide %s)", t.Tile, t.Slides, t.Direction)
		}
	}
	return strings.Join(s, ", ")
}
