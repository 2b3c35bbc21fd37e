package source_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/source"
	"github.com/slidetable/slidetable/table"
)

// TestRefuted reads the refutation of each kind's proof, wrapped as the
// catalogue wraps it, into the API's object, and nothing from another
// error.
func TestRefuted(t *testing.T) {
	three := board.Size{W: 3, H: 3}
	b := board.MustParse(three, "1 2 3/4 5 6/7 0 8")
	r, ok := source.Refuted(fmt.Errorf("proving x.tbl: %w", &table.DistanceError{Board: b, Distance: 3}), three)
	if w, isWrong := r.Answer.(api.Wrong); !ok || r.Kind != source.Table || !isWrong || w.Board != b || w.Distance != 3 || w.Wrong != r.What || r.What == "" {
		t.Errorf("a table's wrong distance: %+v, %v", r, ok)
	}
	entry := &pdb.EntryError{Group: 1, Tiles: []uint8{1, 2}, Cells: []uint8{4, 5}, Blank: -1, Moves: 7, Want: 5, Reason: "the exact count"}
	r, ok = source.Refuted(fmt.Errorf("proving x.pdb: %w", entry), board.Size{W: 4, H: 4})
	if v, isPDB := r.Answer.(api.VerifyPDB); !ok || r.Kind != source.PDB || !isPDB || v.Group != 2 || *v.Entry != 7 || *v.Want != 5 || v.Blank != nil || !v.PatternDatabase {
		t.Errorf("a pattern database's wrong entry: %+v, %v", r, ok)
	}
	r, ok = source.Refuted(fmt.Errorf("%w: classing 1 (...): arrangement 1 2 3", abstraction.ErrEntry), board.Size{W: 4, H: 4})
	if v, isTier := r.Answer.(api.VerifyPDB); !ok || r.Kind != source.Abstraction || !isTier || !v.AbstractionTier || r.What != "classing 1 (...): arrangement 1 2 3" {
		t.Errorf("an abstraction tier's refuted entry: %+v, %v", r, ok)
	}
	for _, err := range []error{nil, errors.New("no"), table.ErrFormat, pdb.ErrChecksum} {
		if r, ok := source.Refuted(err, three); ok {
			t.Errorf("Refuted(%v) = %+v, want none", err, r)
		}
	}
}
