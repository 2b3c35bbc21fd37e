package source

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// ErrMismatch reports a source asked what it does not answer: boards of
// another size or goal, in another metric, or by a search where it is a
// table (see MismatchError).
var ErrMismatch = failure.New(failure.File, "source: does not answer the question")

// MismatchError reports a source that was given to answer (a file the
// caller named) and cannot answer the question asked of it: its message
// names the source, its kind, size, metric and goal, and what the
// question needed, as in "4x4-multi.abs, an abstraction tier to the
// standard goal, answers 4x4 in multi-tile moves, not single-tile". It wraps
// ErrMismatch and ErrKind.
type MismatchError struct {
	Source *Source
	// Goal and Metric are what the question asked: the size is Goal's.
	Goal   board.Board
	Metric board.Metric
	// Need, if not "", says what else the question needed: "an exact
	// table", "a bound for a search".
	Need string
}

func (e *MismatchError) Error() string {
	s, size := e.Source, e.Goal.Size()
	head := fmt.Sprintf("%s, %s %s, answers %s in %s moves", s.Name(), article(s.Kind()), goalPhrase(s.Goal()), s.Size(), metricPhrase(s.Metric()))
	switch {
	case s.Size() != size:
		return fmt.Sprintf("%s, not %s", head, size)
	case s.Goal() != e.Goal:
		return fmt.Sprintf("%s, not %s", head, goalPhrase(e.Goal))
	case s.Metric() != e.Metric:
		return fmt.Sprintf("%s, not %s", head, metricPhrase(e.Metric))
	case e.Need != "":
		how := ""
		switch {
		case s.Exact():
			how = " by looking up exact distances"
		case s.Bound(s.Metric()) != nil:
			how = " with lower bounds that guide a search"
		}
		return fmt.Sprintf("%s%s; this needs %s", head, how, e.Need)
	}
	return head
}

// Unwrap returns ErrMismatch and ErrKind: the source is the wrong kind of
// file for the question.
func (e *MismatchError) Unwrap() []error { return []error{ErrMismatch, ErrKind} }

// article returns the kind with its indefinite article: "a table", "an
// abstraction tier".
func article(k Kind) string { return k.WithArticle() }

// goalPhrase writes a goal for a person: "to the standard goal", or "to
// the goal 0 1 2/3 4 5/6 7 8".
func goalPhrase(goal board.Board) string {
	if goal == board.Goal(goal.Size()) {
		return "to the standard goal"
	}
	return "to the goal " + goal.String()
}

// metricPhrase writes a metric as its moves are called: "single-tile",
// "multi-tile".
func metricPhrase(m board.Metric) string { return m.String() + "-tile" }

// Metric returns the metric the source answers in: its file's (a table's
// own; the single-tile metric for a pattern database, whose entries are
// lower bounds there only; the multi-tile metric for an abstraction tier),
// or the HeuristicMetric of a given heuristic.
func (s *Source) Metric() board.Metric {
	if f := s.file(); f != nil {
		return f.Metric()
	}
	return s.HeuristicMetric
}

// Exact reports whether the source answers distances itself, an exact
// table, rather than bounding them from below to guide an optimal search.
func (s *Source) Exact() bool { return s.Kind().Exact() }

// Name names the source for a message: its file's path, or for one with
// no file what String says ("the built-in 4x4 pattern database").
func (s *Source) Name() string {
	if s.Path != "" {
		return s.Path
	}
	return s.String()
}

// Answers returns nil if the source answers boards of goal's size towards
// goal in the metric m, as a table (exact) or a lower bound (for a search),
// and otherwise a *MismatchError that says what it answers and what was
// asked: also for a file of a kind that is neither.
func (s *Source) Answers(goal board.Board, m board.Metric) error {
	if s.Goal() != goal || s.Metric() != m {
		return &MismatchError{Source: s, Goal: goal, Metric: m}
	}
	if s.Table == nil && s.Bound(m) == nil {
		return &MismatchError{Source: s, Goal: goal, Metric: m, Need: "exact distances or lower bounds, which this program takes from no " + s.Kind().String()}
	}
	return nil
}

// Hash returns the content hash of the bytes the source was read from (see
// the package documentation), and false for one not read from bytes: a
// table or bound made in memory.
func (s *Source) Hash() ([sha256.Size]byte, bool) {
	if f := s.file(); f != nil {
		return f.ContentHash()
	}
	return [sha256.Size]byte{}, false
}

// Entries returns the number of entries the source's file holds (its
// kind's Value.Entries): a table's boards, the entries of a pattern
// database's groups (one a placement of the group's tiles, or a placement
// and a cell of the blank), an abstraction tier's arrangements; 0 for a
// heuristic.
func (s *Source) Entries() uint64 {
	if f := s.file(); f != nil {
		return f.Entries()
	}
	return 0
}

// Describe returns the source as the JSON answers carry it (api.Source).
func (s *Source) Describe() *api.Source {
	out := &api.Source{Where: s.Origin.String(), Kind: s.Kind().String(), Exact: s.Exact()}
	if s.Path != "" {
		out.Path = filepath.ToSlash(s.Path)
	}
	if s.Origin == 0 {
		out.Where = Given.String() // made by hand, in memory
	}
	if s.Kind() == Unknown {
		out.Kind = ComputedBound.String() // a heuristic given
	}
	if sum, ok := s.Hash(); ok {
		out.Hash = hex.EncodeToString(sum[:])
	}
	return out
}
