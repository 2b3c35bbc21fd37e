package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyCatchesCrafted runs verify on the crafted tables of package
// table, whose checksums, counts, goal and reachable set are valid but whose
// distances are wrong: each must fail with exit status 1 and name a board.
func TestVerifyCatchesCrafted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ file, size, board string }{
		{"bad-5x2-swapped.tbl", "5x2", "1 2 3 4 5/6 7 8 0 9"},
		{"bad-3x3-rows.tbl", "3x3", "board "},
		{"bad-v1-4x2-swapped.tbl", "4x2", "board "},
	} {
		for _, asJSON := range []bool{false, true} {
			args := []string{"verify", "-table", filepath.Join("..", "..", "table", "testdata", tc.file), tc.size}
			if asJSON {
				args = append(args, "-json")
			}
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				code, stdout, stderr := slidetable(t, "", args...)
				if code != exitFailure {
					t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, exitFailure, stdout, stderr)
				}
				want := "distances: WRONG: "
				if asJSON {
					want = `"certified":false`
				}
				if out := stdout; !strings.Contains(out, want) || !strings.Contains(out, tc.board) {
					t.Fatalf("stdout %q does not say %q and %q", out, want, tc.board)
				}
			})
		}
	}
}
