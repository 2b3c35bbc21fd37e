package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestGenWalkJSON checks that every walk's board is the goal with the
// recorded moves applied, on sizes with and without a table.
func TestGenWalkJSON(t *testing.T) {
	t.Parallel()
	for _, size := range []string{"3x3", "4x4", "5x5", "6x3"} {
		for _, extra := range [][]string{nil, {"-no-undo"}} {
			args := append([]string{"gen", "-method", "walk", "-k", "25", "-n", "40", "-seed", "5", "-json", size}, extra...)
			code, stdout, stderr := slidetable(t, "", args...)
			if code != 0 {
				t.Fatalf("%q: exit %d: %s", args, code, stderr)
			}
			sz, _ := board.ParseSize(size)
			goal := board.Goal(sz)
			lines := strings.Split(strings.TrimSpace(stdout), "\n")
			if len(lines) != 40 {
				t.Fatalf("%q: %d lines, want 40", args, len(lines))
			}
			for _, line := range lines {
				var out struct {
					Board []int `json:"board"`
					Moves []int `json:"moves"`
				}
				if err := json.Unmarshal([]byte(line), &out); err != nil {
					t.Fatal(err)
				}
				if len(out.Moves) != 25 {
					t.Fatalf("%s: %d moves, want 25", line, len(out.Moves))
				}
				end := goal
				for _, m := range out.Moves {
					next, err := end.Move(uint8(m))
					if err != nil {
						t.Fatalf("%s: %v", line, err)
					}
					end = next
				}
				if got := boardOf(t, sz, out.Board); got != end {
					t.Fatalf("%s: the goal with the moves applied is %s", line, end)
				}
			}
		}
	}
}

func TestGenUniform(t *testing.T) {
	t.Parallel()
	code, stdout, stderr := slidetable(t, "", "gen", "-n", "100", "-seed", "9", "-json", "4x4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	size := board.Size{W: 4, H: 4}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 100 {
		t.Fatalf("%d lines, want 100", len(lines))
	}
	for _, line := range lines {
		var out map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &out); err != nil {
			t.Fatal(err)
		}
		var cells []int
		if err := json.Unmarshal(out["board"], &cells); err != nil {
			t.Fatal(err)
		}
		if len(out) != 2 || string(out["size"]) != `"4x4"` || !boardOf(t, size, cells).Solvable() {
			t.Fatalf("%s: want the size and one solvable board", line)
		}
	}
	_, again, _ := slidetable(t, "", "gen", "-n", "100", "-seed", "9", "-json", "4x4")
	_, other, _ := slidetable(t, "", "gen", "-n", "100", "-seed", "10", "-json", "4x4")
	if again != stdout || other == stdout {
		t.Errorf("the same seed must give the same boards, another seed others")
	}
	_, text, _ := slidetable(t, "", "gen", "-seed", "9", "4x4")
	b, err := board.Parse(size, strings.TrimSpace(text))
	if err != nil || !b.Solvable() {
		t.Errorf("text output %q: %v", text, err)
	}
}

func TestGenBadInput(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"gen"},
		{"gen", "3x3", "4x4"},
		{"gen", "1x3"},
		{"gen", "-n", "0", "3x3"},
		{"gen", "-method", "spiral", "3x3"},
		{"gen", "-k", "5", "3x3"},
		{"gen", "-method", "walk", "-k", "-1", "3x3"},
		{"gen", "-seed", "-1", "3x3"},
		{"gen", "-seed", "x", "3x3"},
		{"coverage", "5x3"},
		{"coverage", "-alpha", "2", "3x2"},
		{"coverage", "-n", "-5", "3x2"},
	} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 with a message", args, code, stderr)
		}
	}
}

type coverageOut struct {
	Draws    uint64  `json:"draws"`
	States   uint64  `json:"states"`
	Distinct uint64  `json:"distinct"`
	Min      uint64  `json:"min"`
	P        float64 `json:"p"`
	Pass     bool    `json:"pass"`
}

// TestCoverage3x2 runs the experiment of the 15-puzzle literature on 3x2:
// 360,000 uniform boards cover all 360 states and pass; 20-move walks reach
// at most 180 and fail.
func TestCoverage3x2(t *testing.T) {
	t.Parallel()
	var uni, walk coverageOut
	for _, c := range []struct {
		out  *coverageOut
		args []string
		code int // 1 for draws that fail the test
	}{
		{&uni, []string{"coverage", "-n", "360000", "-seed", "1", "-json", "3x2"}, 0},
		{&walk, []string{"coverage", "-method", "walk", "-k", "20", "-n", "360000", "-seed", "1", "-json", "3x2"}, exitFailure},
	} {
		code, stdout, stderr := slidetable(t, "", c.args...)
		if code != c.code {
			t.Fatalf("%q: exit %d, want %d: %s", c.args, code, c.code, stderr)
		}
		if err := json.Unmarshal([]byte(stdout), c.out); err != nil {
			t.Fatal(err)
		}
	}
	if uni.Draws != 360000 || uni.States != 360 || uni.Distinct != 360 || !uni.Pass {
		t.Errorf("uniform: %+v; want 360 of 360 states and a pass", uni)
	}
	if walk.Distinct > 180 || walk.Min != 0 || walk.Pass {
		t.Errorf("walk: %+v; want at most 180 states and a fail", walk)
	}
	_, text, _ := slidetable(t, "", "coverage", "-n", "360000", "-seed", "1", "3x2")
	for _, want := range []string{"states covered: 360 of 360", "chi-square:", "pass"} {
		if !strings.Contains(text, want) {
			t.Errorf("text output lacks %q:\n%s", want, text)
		}
	}
}
