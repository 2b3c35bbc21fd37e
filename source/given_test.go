package source

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
)

var (
	s3x2      = board.Size{W: 3, H: 2}
	tierPath  = filepath.Join("..", "data", "4x4-multi.abs")
	pdb44Path = filepath.Join("..", "data", "4x4.pdb")
	pdb32Path = filepath.Join("..", "pdb", "testdata", "golden", "3x2-v1.pdb")
)

// readFile reads path with a resolver whose folder of records is dir, not
// proven yet (Resolver.Read).
func readFile(t *testing.T, dir, path string) *Source {
	t.Helper()
	src, err := NewResolver(&Options{Dir: dir}).Read(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	return src
}

// TestSourceSays checks that everything that answers states its kind, size,
// metric and goal, and whether it is exact: a pattern database answers in
// single-tile moves, an abstraction tier in multi-tile moves, a table in
// the metric it counts.
func TestSourceSays(t *testing.T) {
	dir := t.TempDir()
	multi, err := BuiltinTableIn(s3x3, board.MultiTile)
	if err != nil {
		t.Fatal(err)
	}
	goal44 := board.Goal(s4x4)
	for _, tc := range []struct {
		src    *Source
		kind   Kind
		metric board.Metric
		size   board.Size
		exact  bool
		where  string
	}{
		{readFile(t, dir, tierPath), Abstraction, board.MultiTile, s4x4, false, "file"},
		{readFile(t, dir, pdb44Path), PDB, board.SingleTile, s4x4, false, "file"},
		{readFile(t, dir, filepath.Join("..", "data", "3x3-multi.tbl")), Table, board.MultiTile, s3x3, true, "file"},
		{&Source{Origin: Builtin, Table: multi}, Table, board.MultiTile, s3x3, true, "built-in"},
		{&Source{Origin: Given, Heuristic: ida.Lines(goal44), HeuristicMetric: board.MultiTile}, Unknown, board.MultiTile, s4x4, false, "given"},
	} {
		s := tc.src
		if s.Kind() != tc.kind || s.Metric() != tc.metric || s.Size() != tc.size || s.Goal() != board.Goal(tc.size) || s.Exact() != tc.exact {
			t.Errorf("%s: %s %s %s exact %v, want %s %s %s exact %v", s, s.Kind(), s.Metric(), s.Size(), s.Exact(), tc.kind, tc.metric, tc.size, tc.exact)
		}
		d := s.Describe()
		_, hashed := s.Hash()
		if d.Where != tc.where || d.Exact != tc.exact || (d.Hash != "") != hashed || (tc.where == "file") != (d.Path != "") {
			t.Errorf("%s: described as %+v", s, d)
		}
		if err := s.Answers(s.Goal(), s.Metric()); err != nil {
			t.Errorf("%s does not answer its own question: %v", s, err)
		}
		other := board.SingleTile
		if tc.metric == board.SingleTile {
			other = board.MultiTile
		}
		err := s.Answers(s.Goal(), other)
		if !errors.Is(err, ErrMismatch) || !errors.Is(err, ErrKind) || !strings.Contains(err.Error(), "not "+other.String()+"-tile") {
			t.Errorf("%s asked in %s-tile moves: %v", s, other, err)
		}
	}
	if got := readFile(t, dir, tierPath).Entries(); got != 158558400 {
		t.Errorf("the built-in tier holds %d arrangements, want 158,558,400", got)
	}
}

// resolverIn returns a resolver whose folder is dir.
func resolverIn(dir string) *Resolver { return NewResolver(&Options{Dir: dir}) }

// TestGivenFirst gives a catalogue a file for a size whose table is built
// in: the file answers first, guiding the search, with and without
// CatalogOptions.Search; it is proven before it answers.
func TestGivenFirst(t *testing.T) {
	ctx := context.Background()
	for _, search := range []bool{false, true} {
		dir := t.TempDir()
		src := readFile(t, dir, pdb32Path)
		cat, err := NewCatalog(&CatalogOptions{Options: Options{Dir: dir}, Given: []*Source{src}, Strict: true, Search: search})
		if err != nil {
			t.Fatal(err)
		}
		ans, err := cat.For(ctx, s3x2, board.SingleTile)
		if err != nil {
			t.Fatal(err)
		}
		if origin, err := ans.Origin(ctx); err != nil || origin != src || ans.Table != nil || ans.Kind() != PDB || ans.Describe().Where != "file" {
			t.Errorf("search %v: 3x2 answered by %s, want a search with %s", search, ans, src)
		}
		if cat.Offer(s3x2, board.SingleTile).Exact {
			t.Errorf("search %v: 3x2 offered as exact, but the given database answers it", search)
		}
		sum, _ := src.Hash()
		if _, err := os.Stat(resolverIn(dir).recordPath(sum)); recordsTrustable && err != nil {
			t.Errorf("search %v: the database answered without a recorded proof: %v", search, err)
		}
	}
}

// TestStrictRefuses asks a strict catalogue questions its one file cannot
// answer: each is refused with a *MismatchError that names the file, its
// kind, size, metric and goal and what was asked, before the file is
// proven.
func TestStrictRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	tier := readFile(t, dir, tierPath)
	cat, err := NewCatalog(&CatalogOptions{Options: Options{Dir: dir}, Given: []*Source{tier}, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	named := tierPath + ", an abstraction tier to the standard goal, answers 4x4 in multi-tile moves, not "
	for _, tc := range []struct {
		size   board.Size
		metric board.Metric
		want   string
	}{
		{s4x4, board.SingleTile, named + "single-tile"},
		{s3x3, board.MultiTile, named + "3x3"},
	} {
		_, err := cat.For(ctx, tc.size, tc.metric)
		var me *MismatchError
		if !errors.As(err, &me) || me.Source != tier || err.Error() != tc.want {
			t.Errorf("%s in %s-tile moves: %v, want %q", tc.size, tc.metric, err, tc.want)
		}
	}
	if _, err := cat.Stats(ctx, s4x4, board.MultiTile, 0); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "this needs an exact table") {
		t.Errorf("stats of a tier: %v", err)
	}
	ans, err := cat.For(ctx, s4x4, board.MultiTile)
	if err == nil && ans.source() != tier {
		err = fmt.Errorf("answered by %v", ans.source())
	}
	if err != nil {
		t.Errorf("4x4 in multi-tile moves: %v, %v; want the tier", ans, err)
	}
	// A file refused is not proven; one that answers is, first. (The
	// tier, a copy of a built-in file, needs no proof: a file that does.)
	pdb32 := readFile(t, dir, pdb32Path)
	cat, err = NewCatalog(&CatalogOptions{Options: Options{Dir: dir}, Given: []*Source{pdb32}, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := pdb32.Hash()
	record := resolverIn(dir).recordPath(sum)
	if _, err := cat.For(ctx, s3x2, board.MultiTile); !errors.Is(err, ErrMismatch) {
		t.Errorf("3x2 in multi-tile moves: %v", err)
	}
	if _, err := os.Stat(record); err == nil {
		t.Errorf("refused, yet proven and recorded")
	}
	if _, err := cat.For(ctx, s3x2, board.SingleTile); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(record); recordsTrustable && err != nil {
		t.Errorf("answered without a recorded proof: %v", err)
	}
	// Without Strict, other questions go elsewhere.
	lax, err := NewCatalog(&CatalogOptions{Given: []*Source{tier}})
	if err != nil {
		t.Fatal(err)
	}
	if ans, err := lax.Prepare(ctx, s4x4, board.SingleTile); err != nil || ans.Kind() != PDB || ans.source().Origin != Builtin {
		t.Errorf("4x4 in single-tile moves, not strict: %v, %v; want the built-in pattern database", ans, err)
	}
	// A given file of another goal than the one asked for is refused.
	_, err = NewCatalog(&CatalogOptions{Given: []*Source{readFile(t, dir, pdb44Path)}, Goals: []board.Board{board.MustParse(s4x4, "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15")}})
	if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "answers 4x4 in single-tile moves, not to the goal 0 1 2 3/") {
		t.Errorf("a file of another goal: %v", err)
	}
}

// TestStatsNamesTable checks that a distribution computed from a table
// names it, and one published does not.
func TestStatsNamesTable(t *testing.T) {
	ctx := context.Background()
	cat, err := NewCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := cat.Stats(ctx, s3x3, board.SingleTile, 0)
	if err != nil || st.Table == nil || st.Table.Where != "built-in" || st.Table.Kind != "table" || len(st.Table.Hash) != 64 {
		t.Errorf("stats 3x3: %+v, %v", st.Table, err)
	}
	st, err = cat.Stats(ctx, s4x4, board.MultiTile, 0)
	if err != nil || st.Table != nil || st.Source == "" {
		t.Errorf("stats 4x4 multi: table %+v, source %q, %v; want the published one", st.Table, st.Source, err)
	}
}

// TestBuildKind checks what is built and installed for each question.
func TestBuildKind(t *testing.T) {
	for _, tc := range []struct {
		goal   board.Board
		metric board.Metric
		kind   Kind
		name   string
	}{
		{board.Goal(s3x3), board.SingleTile, Table, "3x3.tbl"},
		{board.Goal(board.Size{W: 4, H: 3}), board.MultiTile, Table, "4x3-multi.tbl"},
		{board.Goal(s4x4), board.SingleTile, PDB, "4x4.pdb"},
		{board.Goal(s4x4), board.MultiTile, Abstraction, "4x4-multi.abs"},
		{board.Goal(board.Size{W: 5, H: 3}), board.MultiTile, Unknown, ""},
		{board.MustParse(s4x4, "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15"), board.MultiTile, Unknown, ""},
	} {
		kind, err := BuildKind(tc.goal, tc.metric)
		if kind != tc.kind || (err != nil) != (tc.kind == Unknown) || err != nil && !errors.Is(err, ErrNoBuild) {
			t.Errorf("BuildKind(%s, %s) = %s, %v; want %s", tc.goal, tc.metric, kind, err, tc.kind)
		}
		if err == nil {
			if got := FileName(tc.goal.Size(), kind, tc.metric); got != tc.name {
				t.Errorf("FileName(%s, %s, %s) = %s, want %s", tc.goal.Size(), kind, tc.metric, got, tc.name)
			}
		}
	}
}

// TestInspect describes files without proving them, and says how each is
// proven.
func TestInspect(t *testing.T) {
	dir := t.TempDir()
	r := NewResolver(&Options{Dir: dir})
	pdb32 := filepath.Join(t.TempDir(), "3x2.pdb")
	if err := os.WriteFile(pdb32, mustRead(t, pdb32Path), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path    string
		kind    Kind
		metric  board.Metric
		proof   Proof
		builtin bool
	}{
		{tierPath, Abstraction, board.MultiTile, Known, true},
		{filepath.Join("..", "data", "3x3.tbl"), Table, board.SingleTile, Certified, false},
		{pdb32, PDB, board.SingleTile, Unproven, false},
	} {
		info, err := r.Inspect(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(tc.path)
		if info.Kind != tc.kind || info.Metric != tc.metric || info.Proof != tc.proof || info.Builtin != tc.builtin || info.Bytes != fi.Size() || !info.HashKnown || info.Entries == 0 {
			t.Errorf("%s: %+v", tc.path, info)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, proofDir)); len(entries) != 0 {
		t.Errorf("Inspect proved: %v", entries)
	}
	if _, err := r.Open(context.Background(), pdb32); err != nil {
		t.Fatal(err)
	}
	info, err := r.Inspect(pdb32)
	if err != nil || recordsTrustable && (info.Proof != Recorded || info.Record != r.recordPath(info.Hash)) {
		t.Errorf("after a proof: %+v, %v; want it recorded", info, err)
	}
}

// TestGivenTwice refuses two given sources of which one would never be
// asked: two of one kind, or a table and a bound but for a catalogue that
// searches everything, where the bound answers.
func TestGivenTwice(t *testing.T) {
	dir := t.TempDir()
	t32, err := BuiltinTable(s3x2)
	if err != nil {
		t.Fatal(err)
	}
	table := &Source{Origin: Given, Table: t32}
	for _, tc := range []struct {
		given  []*Source
		search bool
		twice  bool
	}{
		{[]*Source{readFile(t, dir, pdb32Path), readFile(t, dir, pdb32Path)}, false, true},
		{[]*Source{table, readFile(t, dir, pdb32Path)}, false, true},
		{[]*Source{table, readFile(t, dir, pdb32Path)}, true, false},
		{[]*Source{readFile(t, dir, pdb44Path), readFile(t, dir, tierPath)}, false, false},
	} {
		_, err := NewCatalog(&CatalogOptions{Given: tc.given, Search: tc.search})
		if errors.Is(err, ErrTwice) != tc.twice || !tc.twice && err != nil {
			t.Errorf("%s and %s, search %v: %v; want ErrTwice %v", tc.given[0], tc.given[1], tc.search, err, tc.twice)
		}
	}
}
