package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/source"
)

// Files of every kind the tests name with -table: the built-in
// abstraction tier and pattern database as the repository holds them, and
// a small pattern database of 3x2.
var (
	tierFile  = filepath.Join("..", "..", "data", "4x4-multi.abs")
	pdb44File = filepath.Join("..", "..", "data", "4x4.pdb")
	pdb32File = filepath.Join("..", "..", "pdb", "testdata", "golden", "3x2-v1.pdb")
	tbl33File = filepath.Join("..", "..", "data", "3x3.tbl")
)

// near4x4 is 3 multi-tile moves and 9 single-tile moves from the goal.
const near4x4 = "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12"

// copyFile copies the file at from into a new temporary folder as name
// and returns its path.
func copyFile(t *testing.T, from, name string) string {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestTableAnyKind gives every command that answers boards a file of each
// kind with -table: the file answers the question it can answer, in its
// own metric without -metric, or the command exits 2 naming the file, its
// kind, size, metric and goal, and what the question needed. Nothing is
// passed over in silence and nothing panics.
func TestTableAnyKind(t *testing.T) {
	if testing.Short() {
		t.Skip("proves the 4x4 tier and searches 4x4 boards; runs without -short")
	}
	t.Setenv(source.DirEnv, t.TempDir())
	// A tier as 'build -metric multi -o F 4x4' writes one: a file of the
	// abstraction kind, not installed.
	written := copyFile(t, tierFile, "built.abs")
	refusedTier := "4x4-multi.abs, an abstraction tier to the standard goal, answers 4x4 in multi-tile moves"
	refusedPDB := "4x4.pdb, a pattern database to the standard goal, answers 4x4 in single-tile moves"
	type anyKind struct {
		args []string
		code int
		want string // in stdout for exit 0, in stderr otherwise
	}
	cases := []anyKind{
		// The tier answers in its metric, multi-tile moves, not the
		// built-in pattern database in single-tile ones (9).
		{[]string{"distance", "-table", tierFile, "4x4", near4x4}, 0, "3\n"},
		{[]string{"distance", "-metric", "multi", "-table", tierFile, "4x4", near4x4}, 0, "3\n"},
		{[]string{"hint", "-metric", "multi", "-table", tierFile, "4x4", near4x4}, 0, "distance: 3 (multi-tile moves)\n"},
		{[]string{"solve", "-table", tierFile, "4x4", near4x4}, 0, "distance: 3 (multi-tile moves)\n"},
		{[]string{"distance", "-table", written, "4x4", near4x4}, 0, "3\n"},
		{[]string{"distance", "-metric", "single", "-table", tierFile, "4x4", near4x4}, 2, refusedTier + ", not single-tile"},
		{[]string{"levels", "-mode", "walk", "-min", "12", "-max", "12", "-n", "1", "-seed", "1", "-table", tierFile, "4x4"}, 0, "12  "},
		// verify proves a tier, the built-in one or a file's (both below,
		// with the long checks).
		{[]string{"verify", "-q", "-metric", "multi", "-table", pdb44File, "4x4"}, 2, refusedPDB + ", not multi-tile"},
		// A database holds bounds, not distances: no distribution.
		{[]string{"stats", "-table", tierFile, "4x4"}, 2, refusedTier + " with lower bounds that guide a search; this needs an exact table"},
		{[]string{"stats", tierFile}, 2, refusedTier + " with lower bounds that guide a search; this needs an exact table"},
		{[]string{"plot", "-o", filepath.Join(t.TempDir(), "x.svg"), tierFile}, 2, refusedTier + " with lower bounds that guide a search; this needs an exact table"},
		{[]string{"coverage", "-q", "-metric", "multi", "-n", "20", "-table", pdb44File, "4x4"}, 2, refusedPDB + ", not multi-tile"},
		// A pattern database given answers first, also where a table is
		// built in, and guides -ida.
		{[]string{"distance", "-json", "-table", pdb32File, "3x2", "1 2 3/4 0 5"}, 0, `"source":{"where":"file","path":"` + filepath.ToSlash(pdb32File) + `","kind":"pattern database","exact":false,`},
		{[]string{"distance", "-json", "-ida", "-table", pdb32File, "3x2", "1 2 3/4 0 5"}, 0, `"source":{"where":"file","path":"` + filepath.ToSlash(pdb32File) + `","kind":"pattern database","exact":false,`},
		{[]string{"distance", "-ida", "-table", tbl33File, "3x3", "1 2 3/4 5 6/7 0 8"}, 2, "3x3.tbl, a table to the standard goal, answers 3x3 in single-tile moves by looking up exact distances; this needs a search"},
		{[]string{"distance", "-table", pdb32File, "2x3", "1 2/3 4/5 0"}, 2, "3x2-v1.pdb, a pattern database to the standard goal, answers 3x2 in single-tile moves, not 2x3"},
	}
	if testenv.IsLong() {
		// Two proofs of the tier, 3 s of processor time each.
		cases = append(cases,
			anyKind{[]string{"verify", "-q", "-metric", "multi", "4x4"}, 0, "abstraction tier: proven exact (multi-tile moves)\n"},
			anyKind{[]string{"verify", "-q", "-table", written, "4x4"}, 0, "abstraction tier: proven exact (multi-tile moves)\n"})
	}
	for _, tc := range cases {
		code, out, errOut := slidetable(t, "", tc.args...)
		got := out
		if tc.code != 0 {
			got = errOut
		}
		if code != tc.code || !strings.Contains(got, tc.want) || strings.Contains(errOut, "panic") {
			t.Errorf("%q: exit %d, %q %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.want)
		}
	}
}

// TestCoverageNoDegreesOfFreedom refuses a test of distances whose draws
// are too few to leave the chi-square test a degree of freedom: such a
// test rejects nothing, so it cannot be called a pass.
func TestCoverageNoDegreesOfFreedom(t *testing.T) {
	t.Parallel()
	code, out, errOut := slidetable(t, "", "coverage", "-q", "-n", "3", "-seed", "1", "4x4")
	if code != exitUsage || strings.Contains(out, "pass") || !strings.Contains(errOut, "no degree of freedom; draw at least ") {
		t.Errorf("coverage -n 3 4x4: exit %d, %q %q; want exit 2 and no pass", code, out, errOut)
	}
}

// TestServeEveryKind serves a pattern database and an abstraction tier of
// the same size at once: each answers the questions of its metric, and
// the answers say which file answered.
func TestServeEveryKind(t *testing.T) {
	t.Setenv(source.DirEnv, t.TempDir())
	pdbPath := copyPDB(t, "4x4.pdb")
	tierPath := copyFile(t, tierFile, "4x4-multi.abs")
	base, stop := startServe(t, "-q", "-table", pdbPath, "-table", tierPath)
	board := "&board=" + strings.ReplaceAll(near4x4, " ", ",")
	for _, tc := range []struct {
		query, distance, path, kind string
	}{
		{"size=4x4" + board, `"distance":9`, pdbPath, "pattern database"},
		{"size=4x4&metric=multi" + board, `"distance":3`, tierPath, "abstraction tier"},
	} {
		code, body := get(t, base+"/api/distance?"+tc.query)
		want := `"source":{"where":"file","path":"` + filepath.ToSlash(tc.path) + `","kind":"` + tc.kind + `","exact":false,"hash":"`
		if code != 200 || !strings.Contains(body, tc.distance) || !strings.Contains(body, want) {
			t.Errorf("%s: %d %s; want %s from %s", tc.query, code, body, tc.distance, want)
		}
	}
	if code, log := stop(); code != 0 {
		t.Errorf("exit %d: %s", code, log)
	}
	// Two files for the same questions are refused, naming the second.
	second := copyFile(t, tierFile, "again.abs")
	code, _, errOut := slidetable(t, "", "serve", "-addr", "127.0.0.1:0", "-table", tierPath, "-table", second)
	if code != exitUsage || !strings.Contains(errOut, "both answer 4x4 in multi-tile moves, so one would never be asked") {
		t.Errorf("serve with two tiers: exit %d, %q", code, errOut)
	}
}

// TestAnswersSaySource checks that -json answers say what answered them:
// where, the kind, whether exact, and a file's path and content hash.
func TestAnswersSaySource(t *testing.T) {
	if testing.Short() {
		t.Skip("proves files and searches 4x4 boards; runs without -short")
	}
	t.Setenv(source.DirEnv, t.TempDir())
	type source struct {
		Where, Path, Kind, Hash string
		Exact                   bool
	}
	for _, tc := range []struct {
		args []string
		key  string // the object's key for its source
		want source
	}{
		{[]string{"distance", "-json", "3x3", "8 6 7/2 5 4/3 0 1"}, "source", source{Where: "built-in", Kind: "table", Exact: true}},
		{[]string{"hint", "-json", "-table", tbl33File, "3x3", "8 6 7/2 5 4/3 0 1"}, "source", source{Where: "file", Path: filepath.ToSlash(tbl33File), Kind: "table", Exact: true}},
		// A board no level pack holds is searched; one it holds, answered
		// from it.
		{[]string{"solve", "-json", "4x4", "1 6 2 4/3 9 15 7/13 5 10 8/14 12 11 0"}, "source", source{Where: "built-in", Kind: "pattern database"}},
		{[]string{"solve", "-json", "-metric", "multi", "4x4", "1 6 2 4/3 9 15 7/13 5 10 8/14 12 11 0"}, "source", source{Where: "built-in", Kind: "abstraction tier"}},
		{[]string{"solve", "-json", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"}, "source", source{Where: "built-in", Kind: "level pack", Exact: true}},
		{[]string{"hint", "-json", "-metric", "multi", "4x4", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"}, "source", source{Where: "built-in", Kind: "level pack", Exact: true}},
		{[]string{"distance", "-json", "5x3", "1 2 3 4 5/6 7 8 9 10/11 12 13 0 14"}, "source", source{Where: "computed", Kind: "computed bound"}},
		{[]string{"levels", "-json", "-n", "1", "-seed", "1", "-min", "5", "-max", "5", "-goal", "0 1 2/3 4 5/6 7 8", "3x3"}, "source", source{Where: "computed", Kind: "table", Exact: true}},
		{[]string{"stats", "-json", "-list", "0", "2x2"}, "table", source{Where: "built-in", Kind: "table", Exact: true}},
		{[]string{"verify", "-json", "-table", pdb32File, "3x2"}, "source", source{Where: "file", Path: filepath.ToSlash(pdb32File), Kind: "pattern database"}},
	} {
		code, out, errOut := slidetable(t, "", tc.args...)
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &obj); code != 0 || err != nil {
			t.Errorf("%q: exit %d, %q %q (%v)", tc.args, code, out, errOut, err)
			continue
		}
		var got source
		if err := json.Unmarshal(obj[tc.key], &got); err != nil {
			t.Errorf("%q: %q has no %q object: %v", tc.args, out, tc.key, err)
			continue
		}
		hashed := len(got.Hash) == 64
		got.Hash = ""
		if got != tc.want || hashed != (tc.want.Where != "computed") {
			t.Errorf("%q: %s = %+v (hash %v), want %+v", tc.args, tc.key, got, hashed, tc.want)
		}
	}
}

// TestInfo describes a file of each kind, and says whether its proof is
// recorded: not before its first use, recorded after it.
func TestInfo(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(source.DirEnv, cache)
	pdb32 := copyFile(t, pdb32File, "3x2.pdb")
	for _, tc := range []struct {
		file string
		want []string
	}{
		{tierFile, []string{"kind: abstraction tier (lower bounds that guide an optimal search)\n", "size: 4x4\n", "metric: multi-tile moves\n",
			"goal: the standard goal, 1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0\n", "entries: 158,558,400 arrangements\n", "bytes: 32,851,224 ",
			"proof: known (a copy of a file built into the program"}},
		{pdb44File, []string{"kind: pattern database", "metric: single-tile moves\n", "proof: known (a copy of a file built into the program"}},
		{tbl33File, []string{"kind: table (exact distances)\n", "entries: 362,880 boards\n", "proof: certified as it is read"}},
		{pdb32, []string{"kind: pattern database", "size: 3x2\n", "bytes: 154 ", "proof: none yet"}},
	} {
		code, out, errOut := slidetable(t, "", "info", tc.file)
		for _, w := range tc.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("info %s: exit %d, %q %q; want %q", tc.file, code, out, errOut, w)
			}
		}
		if !strings.Contains(out, "content hash: ") {
			t.Errorf("info %s: %q names no content hash", tc.file, out)
		}
	}
	// Its first use proves and records it; info then names the record.
	if code, _, errOut := slidetable(t, "", "distance", "-table", pdb32, "3x2", "1 2 3/4 0 5"); code != 0 {
		t.Fatalf("distance: exit %d, %q", code, errOut)
	}
	code, out, errOut := slidetable(t, "", "info", "-json", pdb32)
	var info struct {
		Path, Kind, Size, Metric, Hash, Proof, Record string
		Goal                                          []int
		Exact                                         bool
		Entries                                       uint64
		Bytes                                         int64
	}
	if err := json.Unmarshal([]byte(out), &info); code != 0 || err != nil {
		t.Fatalf("info -json: exit %d, %q %q (%v)", code, out, errOut, err)
	}
	if info.Kind != "pattern database" || info.Size != "3x2" || info.Metric != "single" || len(info.Goal) != 6 || info.Exact ||
		info.Entries == 0 || info.Bytes != 154 || len(info.Hash) != 64 || info.Proof != "recorded" ||
		info.Record != filepath.Join(cache, "proofs", info.Hash) {
		t.Errorf("info -json after a use: %+v", info)
	}
	for _, args := range [][]string{{"info"}, {"info", t.TempDir()}, {"info", "a", "b"}} {
		if code, _, errOut := slidetable(t, "", args...); code != exitUsage {
			t.Errorf("%q: exit %d, %q; want 2", args, code, errOut)
		}
	}
}
