// Package kindtest is a toy kind of file, for the tests that plug a new
// kind into the container (internal/container.Register) and find it read,
// described, proven, built, answered from and refused by the same code as
// the kinds of the program, with no case of its own in package source or
// in the command line: a toy tier holds, for each cell of its goal, an
// entry of zero moves, a lower bound of every distance that is always
// admissible and guides a search as well as none. Its proof refutes a
// file with an entry that is not zero.
package kindtest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
)

// Kind is the toy tier's number in the header: a kind no program file
// holds.
const Kind container.Kind = 200

// Name is what the toy kind is called.
const Name = "toy tier"

var once sync.Once

// Register registers the toy kind with the container, once, however many
// tests call it.
func Register() {
	once.Do(func() {
		container.Register(container.Codec{
			Kind: Kind, Version: 1, Name: Name, Unit: "cells", Subject: Name,
			Damage: "its bounds read as zero", MaxCells: board.MaxCells,
			Decode: decode, Prove: prove, Build: build,
		})
	})
}

// Tier is a toy tier read from a file or built.
type Tier struct {
	goal    board.Board
	metric  board.Metric
	entries []byte
	hash    [sha256.Size]byte
	read    bool
}

// Kind returns the toy kind.
func (t *Tier) Kind() container.Kind { return Kind }

// Goal returns the tier's goal.
func (t *Tier) Goal() board.Board { return t.goal }

// Metric returns the metric its zeros bound.
func (t *Tier) Metric() board.Metric { return t.metric }

// Entries returns the number of its entries, one a cell.
func (t *Tier) Entries() uint64 { return uint64(len(t.entries)) }

// ContentHash returns the content hash of the file it was read from.
func (t *Tier) ContentHash() ([sha256.Size]byte, bool) { return t.hash, t.read }

// Close does nothing: the file is read whole.
func (t *Tier) Close() error { return nil }

// Bound returns the tier's lower bound: zero for every board.
func (t *Tier) Bound() ida.Heuristic { return zero{t.goal} }

// zero is the heuristic that bounds every distance by zero.
type zero struct{ goal board.Board }

func (z zero) Goal() board.Board                      { return z.goal }
func (z zero) Start(board.Board) ida.Evaluator        { return z }
func (zero) H() int                                   { return 0 }
func (zero) Move(t uint8, from, to int) int           { return 0 }
func (zero) Undo(t uint8, from, to int)               {}
func (z zero) MoveAbove(t uint8, from, to, _ int) int { return 0 }

// Bytes returns the file of a toy tier of goal in the metric m, whose
// entries are zero, or with bad, whose last entry is 1, which its proof
// refutes.
func Bytes(goal board.Board, m board.Metric, bad bool) []byte {
	entries := make([]byte, goal.Len())
	if bad {
		entries[len(entries)-1] = 1
	}
	h := header(goal, m, entries)
	return append(h.Append(nil), entries...)
}

// Write writes Bytes(goal, m, bad) to path.
func Write(path string, goal board.Board, m board.Metric, bad bool) error {
	return os.WriteFile(path, Bytes(goal, m, bad), 0o644)
}

// header returns the header of the toy tier of goal in m with entries.
func header(goal board.Board, m board.Metric, entries []byte) *container.Header {
	var s container.Blocks
	s.Add(entries)
	return &container.Header{Kind: Kind, KindVersion: 1, Metric: m, Goal: goal, Entries: uint64(len(entries)), Sections: []container.Blocks{s}}
}

// decode reads the toy tier of the open file f.
func decode(f *container.Opened, _ *container.ReadOptions) (container.Value, error) {
	h := f.Header
	if h == nil || len(h.Sections) != 1 || len(h.Sections[0].Lens) != 1 || h.Entries != uint64(h.Goal.Len()) {
		return nil, fmt.Errorf("%w: not a toy tier of one block, an entry a cell", container.ErrFormat)
	}
	entries, err := h.Section(container.NewFile(f.ReaderAt(), nil, f.Name()), 0, "").ReadNew(0)
	if err != nil {
		return nil, err
	}
	if len(entries) != h.Goal.Len() {
		return nil, fmt.Errorf("%w: %d entries for %d cells", container.ErrFormat, len(entries), h.Goal.Len())
	}
	return &Tier{goal: h.Goal, metric: h.Metric, entries: entries, hash: h.ContentHash(), read: true}, nil
}

// prove proves a toy tier: every entry zero.
func prove(_ context.Context, v container.Value, opts *container.ProveOptions) error {
	t := v.(*Tier)
	for i, e := range t.entries {
		if e != 0 {
			return fmt.Errorf("%w: toy entry %d is %d, more than a lower bound of every board", container.ErrFormat, i, e)
		}
	}
	if opts != nil && opts.Progress != nil {
		opts.Progress(uint64(len(t.entries)), uint64(len(t.entries)))
	}
	return nil
}

// build builds the toy tier of goal in m, which takes no parameters.
func build(_ context.Context, goal board.Board, m board.Metric, params []string, opts *container.BuildOptions) (container.Built, error) {
	if len(params) != 0 {
		return nil, fmt.Errorf("%w: a toy tier takes no parameters", container.ErrParams)
	}
	if opts != nil && opts.Progress != nil {
		opts.Progress(uint64(goal.Len()), uint64(goal.Len()), "zeros")
	}
	return &Tier{goal: goal, metric: m, entries: make([]byte, goal.Len())}, nil
}

// WriteTo writes the tier's file.
func (t *Tier) WriteTo(_ context.Context, w io.Writer) (int64, error) {
	n, err := w.Write(append(header(t.goal, t.metric, t.entries).Append(nil), t.entries...))
	return int64(n), err
}

// WriteFile writes the tier's file to path and returns its content hash.
func (t *Tier) WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error) {
	var b bytes.Buffer
	if _, err := t.WriteTo(ctx, &b); err != nil {
		return [sha256.Size]byte{}, err
	}
	err := atomicfile.Write(path, 0o644, func(f *os.File) error {
		_, err := f.Write(b.Bytes())
		return err
	})
	h := header(t.goal, t.metric, t.entries)
	return sha256.Sum256(h.Append(nil)[:h.Len()]), err
}

// Describe says what was built.
func (t *Tier) Describe(bytes uint64) string {
	return fmt.Sprintf("%s %s of %d zeros; %d bytes", t.goal.Size(), Name, len(t.entries), bytes)
}

// Value returns the tier built.
func (t *Tier) Value() (container.Value, error) { return t, nil }
