package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/api"
)

// TestCoverDistances runs the 4x4 test of distances: uniform boards solved
// exactly pass against the published distribution, walks of 60 moves fail
// (exit 1), both reports saying what they compared.
func TestCoverDistances(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("solves random 4x4 boards")
	}
	code, out, stderr := slidetable(t, "", "coverage", "-q", "-n", "60", "-seed", "1", "-json", "4x4")
	if code != exitOK {
		t.Fatalf("uniform: exit %d, stdout %s, stderr %s", code, out, stderr)
	}
	var rep api.DistanceCoverage
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var drawn uint64
	for _, c := range rep.Observed {
		drawn += c
	}
	if rep.Draws != 60 || drawn != 60 || !rep.Pass || len(rep.Observed) != 81 || !strings.Contains(rep.Source, "A089484") || rep.DF != len(rep.Bins)-1 {
		t.Fatalf("uniform report %+v", rep)
	}
	code, out, _ = slidetable(t, "", "coverage", "-q", "-method", "walk", "-k", "60", "-n", "60", "-seed", "1", "4x4")
	if code != exitFailure || !strings.Contains(out, "fail: the distances do not follow the published distribution") || !strings.Contains(out, "Korf and P. Schultze") {
		t.Fatalf("walks of 60 moves: exit %d, report %s", code, out)
	}
}
