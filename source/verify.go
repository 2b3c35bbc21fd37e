package source

import (
	"context"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

// Verification is what the verification of a proven source says
// (Source.Verify), as 'slidetable verify' reports it, whatever its kind.
type Verification struct {
	// Subject is what the proof proved, as the source's kind names it:
	// "distances", "pattern database", "abstraction tier".
	Subject string
	// Metric is the metric of the distances proven.
	Metric board.Metric
	// Parity is the check of the parity rule against the boards an exact
	// table holds as reachable, or nil for a source of another kind.
	Parity *Parity
	// Answer is the object of 'slidetable verify -json': an api.Verify for
	// a table, an api.VerifyPDB for a database.
	Answer any
}

// Parity is the parity rule of package board checked against a table:
// for every one of the n! permutations of its size, whether the rule and
// the boards the table holds as reachable agree.
type Parity struct {
	Permutations, Reachable, Mismatches uint64
	// First is the first board where they disagree, if any.
	First *board.Board
}

// Verify says what the proof of the source proved, and checks beyond it
// what its kind can be checked for: of an exact table, the parity rule
// against every permutation of its size (Parity; a mismatch is no error
// of Verify, but what it found). The source must have been proven (by a
// Catalog, or ProveBuilt); Verify proves nothing itself. It fails with
// ctx's error once ctx is done.
func (s *Source) Verify(ctx context.Context) (*Verification, error) {
	c := s.Kind().codec()
	if c == nil {
		return nil, fmt.Errorf("%w: %s holds no file to verify", ErrKind, s)
	}
	v := &Verification{Subject: c.Subject, Metric: s.Metric()}
	about := api.NewAbout(s.Goal(), s.Metric())
	if s.Table == nil {
		v.Answer = api.VerifyPDB{About: about, PatternDatabase: s.Kind() == PDB, AbstractionTier: s.Kind() == Abstraction,
			Certified: true, Source: s.Describe()}
		return v, nil
	}
	rep, err := s.Table.CheckParity(ctx)
	if err != nil {
		return nil, err
	}
	v.Parity = &Parity{Permutations: rep.Permutations, Reachable: rep.Reachable, Mismatches: rep.Mismatches}
	if rep.Mismatches > 0 {
		b, err := board.New(s.Size(), rep.First)
		if err != nil {
			return nil, err
		}
		v.Parity.First = &b
	}
	v.Answer = api.Verify{About: about, Certified: true, Permutations: rep.Permutations, Reachable: rep.Reachable,
		Mismatches: rep.Mismatches, First: v.Parity.First, Source: s.Describe()}
	return v, nil
}
