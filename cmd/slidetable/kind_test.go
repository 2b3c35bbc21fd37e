package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/kindtest"
)

// TestToyKind gives the commands a file of a kind registered by the test
// alone (internal/kindtest's toy tier, zeros that bound every distance),
// of which the command line knows nothing: info describes it, verify
// proves it, distance answers from it by a search it guides, and a
// question it does not answer is refused naming it, each by the code of
// every kind.
func TestToyKind(t *testing.T) {
	kindtest.Register()
	path := filepath.Join(t.TempDir(), "toy.box")
	if err := kindtest.Write(path, board.Goal(board.Size{W: 3, H: 2}), board.SingleTile, false); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		says []string
	}{
		{[]string{"info", path}, 0, []string{"kind: toy tier (lower bounds that guide an optimal search)\n", "size: 3x2\n", "entries: 6 cells\n", "proof: none yet"}},
		{[]string{"verify", "-table", path, "3x2"}, 0, []string{"toy tier: proven exact\n"}},
		{[]string{"distance", "-table", path, "3x2", "0 1 2/3 4 5"}, 0, []string{"15\n"}},
		{[]string{"distance", "-table", path, "3x3", "1 2 3/4 5 6/7 0 8"}, 2, []string{path + ", a toy tier to the standard goal, answers 3x2 in single-tile moves, not 3x3"}},
	} {
		code, stdout, stderr := slidetable(t, "", tc.args...)
		out := stdout + stderr
		if code != tc.code || !containsAll(out, tc.says) {
			t.Errorf("%s: exit %d, %q; want exit %d saying %q", strings.Join(tc.args, " "), code, out, tc.code, tc.says)
		}
	}
}

// containsAll reports whether s holds every one of parts.
func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
