package source

import (
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

var (
	s2x3 = board.Size{W: 2, H: 3}
	s3x3 = board.Size{W: 3, H: 3}
	s4x4 = board.Size{W: 4, H: 4}
	s5x2 = board.Size{W: 5, H: 2}
)

// copyGolden copies the golden table file name of package table, of an
// older version than the built-in files (so not known by its hash), to
// path.
func copyGolden(t *testing.T, name, path string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "table", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeBuiltin writes the built-in table file of size to path.
func writeBuiltin(t *testing.T, size board.Size, path string) {
	t.Helper()
	b, err := data.File(size)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// build5x2 writes the table of 5x2 to path.
func build5x2(t *testing.T, path string) {
	t.Helper()
	tb, err := table.Build(context.Background(), board.Goal(s5x2), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := table.WriteFile(context.Background(), path, tb); err != nil {
		t.Fatal(err)
	}
}

// warnings returns Options that collect the warnings in *got.
func warnings(dir string, got *[]string) *Options {
	return &Options{Dir: dir, Warn: func(path string, err error) {
		*got = append(*got, filepath.Base(path)+": "+err.Error())
	}}
}

func TestForOrder(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	r := NewResolver(&Options{Dir: dir})
	for _, tc := range []struct {
		size   board.Size
		origin Origin
		kind   Kind
	}{
		{s3x3, Builtin, Table},
		{s2x3, Builtin, Table},
		{s4x4, Builtin, PDB},
	} {
		src, err := r.For(ctx, board.Goal(tc.size))
		if err != nil || src == nil || src.Origin != tc.origin || src.Kind() != tc.kind || src.Size() != tc.size {
			t.Fatalf("For %s: %v %v, want a %s %s", tc.size, src, err, tc.origin, tc.kind)
		}
	}
	if src, err := r.tableFor(ctx, board.Goal(s4x4)); src != nil || err != nil {
		t.Errorf("tableFor 4x4: %v %v, want nothing", src, err)
	}
	for _, size := range []board.Size{s5x2, {W: 5, H: 5}} {
		if src, err := r.For(ctx, board.Goal(size)); src != nil || err != nil {
			t.Errorf("For %s with nothing installed: %v %v", size, src, err)
		}
	}
	other := board.MustParse(s3x3, "0 1 2/3 4 5/6 7 8")
	if src, err := r.For(ctx, other); src != nil || err != nil {
		t.Errorf("For another goal: %v %v, want nothing", src, err)
	}

	// An installed table answers for its size; an installed table of a
	// size with a built-in one is never read.
	build5x2(t, filepath.Join(dir, "5x2.tbl"))
	writeBuiltin(t, s2x3, filepath.Join(dir, "3x3.tbl"))
	src, err := r.For(ctx, board.Goal(s5x2))
	if err != nil || src == nil || src.Origin != Installed || src.Table == nil || src.Path != filepath.Join(dir, "5x2.tbl") {
		t.Fatalf("For 5x2 installed: %v %v", src, err)
	}
	if d, err := src.Table.Distance(board.MustParse(s5x2, "0 9 8 7 6/5 4 3 2 1")); d != 45 || err != nil {
		t.Errorf("installed 5x2: distance %d %v, want 45", d, err)
	}
	src.Close()
	if src, err := r.For(ctx, board.Goal(s3x3)); err != nil || src.Origin != Builtin {
		t.Errorf("For 3x3 with 3x3.tbl installed: %v %v, want the built-in table", src, err)
	}
	sizes, err := r.installedSizes()
	if err != nil || len(sizes) != 1 || sizes[0].size != s5x2 {
		t.Errorf("installedSizes: %v %v, want [5x2]", sizes, err)
	}
}

func TestInstalledWrong(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	r := NewResolver(&Options{Dir: dir})
	path := filepath.Join(dir, "5x2.tbl")
	for _, tc := range []struct {
		name string
		make func()
		want string
	}{
		{"another size", func() { writeBuiltin(t, s2x3, path) }, "is for 2x3"},
		{"damaged", func() { os.WriteFile(path, []byte("SLIDETBL but no more"), 0o644) }, "5x2.tbl"},
	} {
		tc.make()
		src, err := r.For(ctx, board.Goal(s5x2))
		var ie *InstalledError
		if src != nil || !errors.As(err, &ie) || ie.Path != path || ie.Size != s5x2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v %v, want an *InstalledError saying %q", tc.name, src, err, tc.want)
		}
	}
}

// TestInstalledSkipped puts what is not a file in place of installed files,
// under the names of their recipes: each is skipped with one warning
// naming it.
func TestInstalledSkipped(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(filepath.Join(dir, "5x2.tbl"), 0o755))
	must(os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "2x5.tbl")))
	must(os.Symlink("5x3.pdb", filepath.Join(dir, "5x3.pdb")))
	must(os.Symlink("/dev/zero", filepath.Join(dir, "4x4.pdb")))
	if runtime.GOOS != "windows" {
		must(testenv.Mkfifo(filepath.Join(dir, "3x4.tbl")))
	}
	var got []string
	r := NewResolver(warnings(dir, &got))
	for range 2 {
		for _, size := range []board.Size{s5x2, {W: 2, H: 5}, {W: 5, H: 3}, {W: 3, H: 4}} {
			if src, err := r.For(ctx, board.Goal(size)); src != nil || err != nil {
				t.Errorf("For %s: %v %v, want nothing", size, src, err)
			}
		}
		if src, err := r.For(ctx, board.Goal(s4x4)); err != nil || src.Origin != Builtin {
			t.Errorf("For 4x4: %v %v, want the built-in pattern database", src, err)
		}
	}
	skipped := func(name, why string) string {
		return name + ": skipped " + filepath.Join(dir, name) + ": " + why
	}
	want := []string{
		skipped("5x2.tbl", "a directory, not a file"),
		skipped("2x5.tbl", "a symbolic link to "+filepath.Join(dir, "missing")+", which does not exist"),
		skipped("5x3.pdb", "a loop of symbolic links"),
		skipped("3x4.tbl", "a named pipe, not a file"),
		skipped("4x4.pdb", "a device, not a file"),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant, once each:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if sizes, err := r.installedSizes(); len(sizes) != 0 || err != nil {
		t.Errorf("installedSizes: %v %v, want none", sizes, err)
	}
}

func TestInstallPath(t *testing.T) {
	dir := t.TempDir()
	r := NewResolver(&Options{Dir: dir})
	for _, tc := range []struct {
		size board.Size
		want string
		err  error
	}{
		{s5x2, filepath.Join(dir, "5x2.tbl"), nil},
		{board.Size{W: 4, H: 3}, filepath.Join(dir, "4x3.tbl"), nil},
		{s4x4, filepath.Join(dir, "4x4.pdb"), nil},
		{s3x3, "", ErrShadowed},
		{s2x3, "", ErrShadowed},
	} {
		got, err := r.InstallPath(tc.size)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("InstallPath(%s) = %q, %v; want %q, %v", tc.size, got, err, tc.want, tc.err)
		}
	}
	if _, err := NewResolver(nil).InstallPath(s5x2); !errors.Is(err, ErrNoDir) {
		t.Errorf("InstallPath without a folder: %v, want ErrNoDir", err)
	}
}

// TestInspectAndOpen tells files of every kind, and others, apart by
// reading them, and opens them.
func TestInspectAndOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	tbl := filepath.Join(dir, "a")
	writeBuiltin(t, s2x3, tbl)
	pdbFile := filepath.Join(dir, "b")
	b, err := data.PDBFile(s4x4)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pdbFile, b, 0o644); err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(dir, "c")
	if err := os.WriteFile(short, []byte("SLIDE"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		kind Kind
		err  error
	}{
		{tbl, Table, nil},
		{pdbFile, PDB, nil},
		{short, Unknown, container.ErrFormat},
		{dir, Unknown, ErrNotRegular},
	} {
		info, err := NewResolver(nil).Inspect(tc.path)
		if info.Kind != tc.kind || !errors.Is(err, tc.err) {
			t.Errorf("Inspect(%s) = %v, %v; want %v, %v", filepath.Base(tc.path), info.Kind, err, tc.kind, tc.err)
		}
	}
	r := NewResolver(nil)
	if src, err := r.Open(ctx, tbl); err != nil || src.Table == nil || src.Origin != File || src.Size() != s2x3 {
		t.Errorf("Open table: %v %v", src, err)
	}
	if src, err := r.Open(ctx, pdbFile); err != nil || src.Kind() != PDB || src.Size() != s4x4 || src.String() != "the pattern database "+pdbFile {
		t.Errorf("Open pattern database: %v %v", src, err)
	}
	if _, err := r.Open(ctx, short); !errors.Is(err, table.ErrFormat) {
		t.Errorf("Open a 5-byte file: %v, want ErrFormat", err)
	}
	if _, err := r.Open(ctx, dir); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Open a directory: %v, want ErrNotRegular", err)
	}
}

// TestProofRecorded proves a table once, then finds the record; Recheck
// proves it again, and a changed file is proven anew.
func TestProofRecorded(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tbl")
	copyGolden(t, "v1-2x3.tbl", path)
	proofs := 0
	opts := &Options{Dir: dir, Progress: func(p Progress) {
		if p.Done == p.Total {
			proofs++
		}
		if p.Path != path || p.Kind != Table {
			t.Errorf("progress %+v", p)
		}
	}}
	open := func(r *Resolver) {
		t.Helper()
		src, err := r.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		src.Close()
	}
	r := proveSmall(NewResolver(opts))
	open(r)
	open(r)
	if proofs != 1 {
		t.Fatalf("%d proofs of one file, want 1", proofs)
	}
	src, err := r.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	sum, ok := src.Table.ContentHash()
	if !ok || sum != sha256.Sum256(mustRead(t, path)) {
		t.Fatalf("content hash %x, %v: want the file's SHA-256", sum, ok)
	}
	if !r.recorded(sum) {
		t.Fatal("no record after a proof")
	}
	recheck := *opts
	recheck.Recheck = true
	open(proveSmall(NewResolver(&recheck)))
	if proofs != 2 {
		t.Fatalf("Recheck: %d proofs, want 2", proofs)
	}
	copyGolden(t, "v1-4x2.tbl", path)
	open(r)
	if proofs != 3 {
		t.Fatalf("a changed file: %d proofs, want 3", proofs)
	}
	// A copy of a built-in file is known without a proof.
	writeBuiltin(t, s2x3, path)
	open(r)
	if proofs != 3 {
		t.Fatalf("a built-in file: %d proofs, want 3", proofs)
	}
	copyGolden(t, "v1-2x3.tbl", path)
	// Without a folder, nothing is recorded: every use proves.
	opts.Dir = ""
	r = proveSmall(NewResolver(opts))
	open(r)
	open(r)
	if proofs != 5 {
		t.Fatalf("no folder: %d proofs, want 5", proofs)
	}
}

// TestRecord records a file a build wrote: it is not proven again.
func TestRecord(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.tbl")
	copyGolden(t, "v1-2x3.tbl", path)
	proved := false
	r := proveSmall(NewResolver(&Options{Dir: dir, Progress: func(Progress) { proved = true }}))
	sum := sha256.Sum256(mustRead(t, path))
	if err := r.Record(sum, Table, s2x3, path); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Open(context.Background(), path); err != nil || proved != !recordsTrustable {
		t.Fatalf("open after Record: %v, proven again: %v", err, proved)
	}
	if err := proveSmall(NewResolver(nil)).Record(sum, Table, s2x3, path); !errors.Is(err, ErrNoDir) {
		t.Errorf("Record without a folder: %v", err)
	}
	// A table the reader certifies needs no record: none is asked for,
	// even without a folder.
	if err := NewResolver(nil).Record(sum, Table, s2x3, path); err != nil {
		t.Errorf("Record of a table of %d cells, which the reader certifies: %v, want nil", s2x3.Cells(), err)
	}
	if err := r.Record(sum, Unknown, s2x3, path); !errors.Is(err, ErrKind) {
		t.Errorf("Record a file of no kind: %v", err)
	}
}

// proveSmall returns r, set to prove and record even the tables the
// reader certifies, such as the small ones of these tests.
func proveSmall(r *Resolver) *Resolver {
	r.proveSmall = true
	return r
}

// mustRead returns the bytes of the file at path.
func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBuiltinProven certifies every built-in table: their tests rebuild
// them byte for byte, and this checks each distance by the certificate.
func TestBuiltinProven(t *testing.T) {
	for _, size := range BuiltinSizes() {
		tb, err := BuiltinTable(size)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Certify(context.Background(), nil); err != nil {
			t.Errorf("%s: %v", size, err)
		}
	}
	if _, err := BuiltinTable(s5x2); !errors.Is(err, ErrNotBuiltin) {
		t.Errorf("BuiltinTable(5x2): %v", err)
	}
	if _, err := BuiltinPDB(s3x3); !errors.Is(err, ErrNotBuiltin) {
		t.Errorf("BuiltinPDB(3x3): %v", err)
	}
}

// TestProvePDB proves a pattern database on first use and records it;
// Recheck proves it again.
func TestProvePDB(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := pdb.Build(ctx, board.Goal(s3x3), [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "3x3.pdb")
	if _, err := pdb.WriteFile(ctx, path, db); err != nil {
		t.Fatal(err)
	}
	proved := false
	opts := &Options{Dir: dir, Progress: func(p Progress) {
		proved = true
		if p.Path != path || p.Kind != PDB || p.Size != s3x3 {
			t.Errorf("progress %+v", p)
		}
	}}
	for i, want := range []bool{true, false, false} {
		proved = false
		src, err := NewResolver(opts).Open(ctx, path)
		if err != nil || src.Kind() != PDB || proved != want {
			t.Fatalf("use %d: %v %v, proved %v, want %v", i+1, src, err, proved, want)
		}
	}
	opts.Recheck = true
	proved = false
	if _, err := NewResolver(opts).Open(ctx, path); err != nil || !proved {
		t.Fatalf("Recheck: %v, proved %v", err, proved)
	}
}

// TestBuiltinShared decodes each built-in file once.
func TestBuiltinShared(t *testing.T) {
	a, err := BuiltinTable(s3x3)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := BuiltinTable(s3x3); a != b {
		t.Fatal("BuiltinTable decoded the same table twice")
	}
	db, err := BuiltinPDB(s4x4)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := recipe.For(s4x4, board.SingleTile, recipe.Builtin)
	if db.Size() != s4x4 || db.Goal() != board.Goal(s4x4) || len(db.Groups()) != len(rec.Params) {
		t.Fatalf("BuiltinPDB(4x4) is of %s to %v with groups %v", db.Size(), db.Goal(), db.Groups())
	}
	if again, _ := BuiltinPDB(s4x4); again != db {
		t.Fatal("BuiltinPDB decoded the same database twice")
	}
	if !hasBuiltinDatabase(s4x4, board.SingleTile) || hasBuiltinDatabase(s3x3, board.SingleTile) || !HasBuiltin(s3x3) || HasBuiltin(s5x2) {
		t.Fatal("HasBuiltin, hasBuiltinDatabase disagree with the files")
	}
	// The bound of a few boards one move from the goal.
	h := db.Heuristic()
	goal := db.Goal()
	for _, m := range goal.Moves() {
		b, _ := goal.Move(m)
		if got := h.Estimate(b); got != 1 {
			t.Errorf("bound of %v = %d, want 1", b, got)
		}
	}
}

// TestUserDir checks the user's folder: $SLIDETABLE_CACHE when set, else
// slidetable in the user's cache folder, taken by a resolver and a
// catalogue only when asked (Options.UserDir) and only if Dir is "".
func TestUserDir(t *testing.T) {
	env := t.TempDir()
	t.Setenv(DirEnv, env)
	if dir, err := DefaultDir(); err != nil || dir != env {
		t.Fatalf("DefaultDir with $%s set = %q, %v; want %q", DirEnv, dir, err, env)
	}
	cache := t.TempDir()
	t.Setenv(DirEnv, "")
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())
	want := filepath.Join(cache, "slidetable")
	if runtime.GOOS != "linux" {
		user, err := os.UserCacheDir()
		if err != nil {
			t.Skip(err)
		}
		want = filepath.Join(user, "slidetable")
	}
	if dir, err := DefaultDir(); err != nil || dir != want {
		t.Fatalf("DefaultDir = %q, %v; want %q", dir, err, want)
	}
	t.Setenv(DirEnv, env)
	named := t.TempDir()
	for _, c := range []struct {
		opts Options
		want string
	}{
		{Options{}, ""},
		{Options{UserDir: true}, env},
		{Options{Dir: named, UserDir: true}, named},
		{Options{Dir: named}, named},
	} {
		if got := NewResolver(&c.opts).Dir(); got != c.want {
			t.Errorf("NewResolver(%+v).Dir() = %q, want %q", c.opts, got, c.want)
		}
		cat, err := NewCatalog(&CatalogOptions{Options: c.opts})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			if got := cat.Resolver(m).Dir(); got != c.want {
				t.Errorf("the catalogue's %s resolver of %+v: Dir() = %q, want %q", m, c.opts, got, c.want)
			}
		}
	}
}
