package source

import (
	"encoding/hex"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/pdb"
)

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
