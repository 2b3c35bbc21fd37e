package source

import (
	"context"
	"errors"
	"strings"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

// Refutation is what the proof of a file found wrong, as the API reports
// it: the kind of the file, the entry in words, and the object of the
// answer, an api.Wrong for a table (the board and the distance it holds)
// or an api.VerifyPDB for a pattern database (the group, the placement,
// the entry and what the proof expected) or an abstraction tier.
type Refutation struct {
	Kind Kind
	// Subject is what the proof refuted, as the kind names it:
	// "distances", "pattern database", "abstraction tier".
	Subject string
	What    string
	Answer  any
}

// Refuted returns the refutation err carries, if err is the failure of a
// proof that found an entry wrong in a file answering boards of size.
func Refuted(err error, size board.Size) (*Refutation, bool) {
	r, ok := refuted(err, size)
	if ok {
		r.Subject = r.Kind.codec().Subject
	}
	return r, ok
}

// refuted is Refuted, but for the refutation's Subject.
func refuted(err error, size board.Size) (*Refutation, bool) {
	var wrong *table.DistanceError
	var entry *pdb.EntryError
	switch {
	case errors.As(err, &wrong):
		what := strings.TrimPrefix(wrong.Error(), "table: wrong distance: ")
		return &Refutation{Kind: Table, What: what,
			Answer: api.Wrong{About: api.About{Size: wrong.Board.Size()}, Wrong: what, Board: wrong.Board, Distance: wrong.Distance}}, true
	case errors.As(err, &entry):
		what := strings.TrimPrefix(human.Message(entry), human.Message(pdb.ErrEntry)+": ")
		out := api.VerifyPDB{About: api.About{Size: size}, PatternDatabase: true, Wrong: what,
			Group: entry.Group + 1, Tiles: api.Ints(entry.Tiles), Cells: api.Ints(entry.Cells), Entry: &entry.Moves, Want: &entry.Want}
		if entry.Blank >= 0 {
			out.Blank = &entry.Blank
		}
		return &Refutation{Kind: PDB, What: what, Answer: out}, true
	case errors.Is(err, abstraction.ErrEntry):
		what := human.Message(err)
		if i := strings.Index(what, "entry refuted: "); i >= 0 {
			what = what[i+len("entry refuted: "):]
		}
		return &Refutation{Kind: Abstraction, What: what,
			Answer: api.VerifyPDB{About: api.NewAbout(board.Goal(size), board.MultiTile), AbstractionTier: true, Wrong: what}}, true
	}
	return nil, false
}

// ProveBuilt builds the exact table of goal in the metric m in memory,
// through the builder of every build (see Build), and proves it as a file
// of it is proven (Table.Certify), for a size and goal no file answers;
// progress, if not nil, is called as the proof goes. A build larger than
// maxMemory (0: the default, half the physical memory) fails with an
// error of kind failure.Memory, and one of a size too large for a table
// with one of kind failure.Input.
func ProveBuilt(ctx context.Context, goal board.Board, m board.Metric, maxMemory uint64, progress func(checked, total uint64)) (*Source, error) {
	b, err := buildKind(ctx, goal, m, Table, nil, &BuildOptions{MaxMemory: maxMemory}, true)
	if err != nil {
		return nil, err
	}
	v, err := b.b.Value()
	if err != nil {
		return nil, err
	}
	if err := Table.codec().Prove(ctx, v, &container.ProveOptions{Progress: progress}); err != nil {
		return nil, err
	}
	return newSource(Computed, "", v), nil
}
