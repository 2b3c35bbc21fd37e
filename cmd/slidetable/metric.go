package main

import (
	"fmt"
	"strings"

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
func taps(b board.Board, moves []uint8, path bool) (string, []int) {
	s := make([]string, len(moves))
	counts := make([]int, len(moves))
	at := b
	for i, m := range moves {
		next, count, err := at.Tap(m)
		if err != nil {
			s[i] = fmt.Sprintf("%d (?)", m) // not a move of b; the solver gives only legal ones
			continue
		}
		dir, _ := at.TapDirection(m) // m can be tapped: Tap passed
		counts[i] = count
		if count == 1 {
			s[i] = fmt.Sprintf("%d (1 tile slides %s)", m, dir)
		} else {
			s[i] = fmt.Sprintf("%d (%d tiles slide %s)", m, count, dir)
		}
		if path {
			at = next
		}
	}
	return strings.Join(s, ", "), counts
}
