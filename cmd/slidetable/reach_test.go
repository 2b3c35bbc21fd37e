package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// random5x5 is the board 'slidetable gen -seed 9 5x5' prints: its lower
// bound, 75, is beyond what a search without a database finishes.
const random5x5 = "6 10 5 18 22/17 7 15 9 14/20 8 3 12 21/0 1 4 11 24/19 23 16 2 13"

// atLeast is how a refusal says the bound a search reached.
var atLeast = regexp.MustCompile(`it lies at least \d+ moves from the goal, likely about \d+; [\d,]+ boards searched in`)

// TestOutOfReach refuses, a few seconds in, with exit 1, what the search
// would take and what would work, a 5x5 board no search without a
// database can finish, asked without -timeout; with -timeout it searches
// until the limit. A board within reach is answered.
func TestOutOfReach(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"distance", "solve", "hint"} {
		code, out, errOut := slidetable(t, "", cmd, "5x5", random5x5)
		if code != 1 || out != "" || !strings.Contains(errOut, "the search of this 5x5 board would take") || !atLeast.MatchString(errOut) ||
			!strings.Contains(errOut, "give -timeout") || !strings.Contains(errOut, "slidetable build -install 5x5") {
			t.Errorf("%s of a random 5x5 board: exit %d, %q %q; want 1, the estimate and what would work", cmd, code, out, errOut)
		}
	}
	// In multi-tile moves no database can be built for 5x5; towards a
	// goal of its own, a database is built for that goal.
	code, _, errOut := slidetable(t, "", "distance", "-metric", "multi", "5x5", random5x5)
	if code != 1 || !strings.Contains(errOut, "give -timeout") || strings.Contains(errOut, "build") {
		t.Errorf("in multi-tile moves: exit %d, %q; want 1 and no database to build", code, errOut)
	}
	goal := "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24"
	code, _, errOut = slidetable(t, "", "distance", "-goal", goal, "5x5", random5x5)
	if code != 1 || !strings.Contains(errOut, "slidetable build -goal \""+goal+"\" -o FILE 5x5', then give -table FILE") {
		t.Errorf("towards a goal of its own: exit %d, %q; want 1 and a database for that goal", code, errOut)
	}
	code, _, errOut = slidetable(t, "", "distance", "-timeout", "200ms", "5x5", random5x5)
	if code != 1 || !strings.Contains(errOut, "-timeout 200ms ran out") {
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
