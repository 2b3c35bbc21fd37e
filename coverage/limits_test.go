package coverage_test

import (
	"context"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/coverage"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/rank"
)

// TestMaxCells checks the bound of Measure at its edge: every board of
// MaxCells cells is counted, state by state, and the next boards (12
// cells) are refused.
func TestMaxCells(t *testing.T) {
	ctx := context.Background()
	for _, size := range []board.Size{{W: 5, H: 2}, {W: 2, H: 5}, {W: 6, H: 2}, {W: 4, H: 3}} {
		r := gen.NewRand(1)
		rep, err := coverage.Measure(ctx, board.Goal(size), 1000, func() (board.Board, error) { return gen.Uniform(r, size) })
		switch n := size.Cells(); {
		case n <= coverage.MaxCells && err != nil:
			t.Errorf("%s: %v", size, err)
		case n <= coverage.MaxCells && rep.States != rank.Factorial(n)/2:
			t.Errorf("%s: %d states, want %d", size, rep.States, rank.Factorial(n)/2)
		case n > coverage.MaxCells && !errors.Is(err, coverage.ErrTooLarge):
			t.Errorf("%s: %v, want ErrTooLarge", size, err)
		}
	}
}
