package source

import (
	"encoding/hex"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
)

// TestKnownNotBuiltin: the files known without being built in are the
// pattern database 'slidetable build 4x4' writes, now and before the
// container, and no other; every built-in file is known. (Inspect says
// which, and 'slidetable info' does not call the database built in.)
func TestKnownNotBuiltin(t *testing.T) {
	t.Parallel()
	var others []string
	for h := range known() {
		if !builtin()[h] {
			others = append(others, hex.EncodeToString(h[:]))
		}
	}
	slices.Sort(others)
	if want := []string{standard4x4V3, Standard4x4}; !slices.Equal(others, want) {
		t.Errorf("known, not built in: %v; want %v", others, want)
	}
	if len(builtin()) == 0 {
		t.Fatal("no built-in file known")
	}
	for h := range builtin() {
		if !known()[h] {
			t.Errorf("the built-in %x is not known", h)
		}
	}
}

// TestStandard4x4 builds the pattern database 'slidetable build 4x4'
// writes (about 4 minutes and 1.8 GB on two cores) and checks its content
// hash against Standard4x4, which lets a copy of it answer unproven: a
// heavy check (SLIDETABLE_HEAVY=1), to run after any change to what
// builds or writes pattern databases.
func TestStandard4x4(t *testing.T) {
	testenv.Heavy(t)
	ctx := t.Context()
	size := board.Size{W: 4, H: 4}
	db, err := pdb.Build(ctx, board.Goal(size), pdb.DefaultPartition(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "4x4.pdb")
	if _, err := pdb.WriteFile(ctx, path, db); err != nil {
		t.Fatal(err)
	}
	read, err := pdb.OpenWith(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer read.Close()
	sum, ok := read.ContentHash()
	if got := hex.EncodeToString(sum[:]); !ok || got != Standard4x4 {
		t.Errorf("content hash %s, %v; Standard4x4 is %s", got, ok, Standard4x4)
	}
	if !known()[sum] {
		t.Error("not known")
	}
}
