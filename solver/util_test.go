package solver_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/solver"
)

func fmtErr(format string, args ...any) error { return fmt.Errorf(format, args...) }

// exact reports whether s answers boards of size from a table.
func exact(t *testing.T, s *solver.Solver, size board.Size) bool {
	t.Helper()
	a, err := s.Answer(context.Background(), size)
	if err != nil {
		t.Fatal(err)
	}
	return a.Exact()
}
