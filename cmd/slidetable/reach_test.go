package main

import (
	"strings"
	"testing"
	"time"
)

// random5x5 is the board 'slidetable gen -seed 9 5x5' prints: its lower
// bound, 75, is beyond what a search without a database finishes.
const random5x5 = "6 10 5 18 22/17 7 15 9 14/20 8 3 12 21/0 1 4 11 24/19 23 16 2 13"

// TestOutOfReach refuses, with exit 2 and what would work, a 5x5 board no
// search without a database can finish, asked without -timeout; with
// -timeout it searches until the limit. A board within reach is answered.
func TestOutOfReach(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"distance", "solve", "hint"} {
		code, out, errOut := slidetable(t, "", cmd, "5x5", random5x5)
		if code != 2 || out != "" || !strings.Contains(errOut, "at least 75 moves") || !strings.Contains(errOut, "-timeout") || !strings.Contains(errOut, "levels -mode walk") {
			t.Errorf("%s of a random 5x5 board: exit %d, %q %q; want 2 and what would work", cmd, code, out, errOut)
		}
	}
	code, _, errOut := slidetable(t, "", "distance", "-timeout", "200ms", "5x5", random5x5)
	if code != 1 || !strings.Contains(errOut, "time") {
		t.Errorf("with -timeout 200ms: exit %d, %q; want 1 and the time limit", code, errOut)
	}
	// A board a few moves from the goal is within reach.
	code, out, errOut := slidetable(t, "", "distance", "5x5", "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 0 23 24")
	if code != 0 || out != "2\n" {
		t.Errorf("a 5x5 board 2 moves away: exit %d, %q %q", code, out, errOut)
	}
}

// TestSearchNotice runs a search long enough to be noticed: standard error
// says what it is doing, once noticeAfter has passed and at each deeper
// bound, and nothing once it has answered.
func TestSearchNotice(t *testing.T) {
	// Not in parallel: it sets noticeAfter, which every command reads.
	defer func(d time.Duration) { noticeAfter = d }(noticeAfter)
	noticeAfter = 0
	code, _, errOut := slidetable(t, "", "distance", "-timeout", "300ms", "5x5", random5x5)
	if code != 1 || !strings.Contains(errOut, "slidetable distance: note: searching the 5x5 board (time limit in") ||
		!strings.Contains(errOut, "moves; ") || !strings.Contains(errOut, "no solution of fewer than ") {
		t.Errorf("a search of 300ms: exit %d, stderr %q; want notes of the bounds reached", code, errOut)
	}
	noticeAfter = time.Hour
	code, out, errOut := slidetable(t, "", "solve", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "distance: 1\n") {
		t.Errorf("a quick search: exit %d, %q, stderr %q; want no note", code, out, errOut)
	}
}
