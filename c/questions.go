package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/gen"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/solver"
)

// unsolvable is the distance of a board that cannot reach the goal
// (SLIDETABLE_UNSOLVABLE).
const unsolvable = -1

// context returns the context of a question about boards: for a table
// that answers with lookups, which cannot run long, the table's own once
// the arguments are checked (no timer to set); for a search, one bounded
// by timeoutMS and the cancel token. done releases it.
func (h *tableHandle) context(timeoutMS int64, cancel uint64) (ctx context.Context, done func(), err error) {
	if h.answer.Exact() {
		ctx, err := h.quickContext(timeoutMS, cancel)
		return ctx, func() {}, err
	}
	return callContext(h.ctx, timeoutMS, cancel)
}

// board returns the board of cells, checked against the table's size.
func (h *tableHandle) board(cells []byte) (board.Board, error) { return board.New(h.size, cells) }

// distance returns the distance of b, or unsolvable, as the catalogue
// answers it: from the level pack where it holds b, else the table, else
// a search.
func (h *tableHandle) distance(ctx context.Context, b board.Board) (int, error) {
	d, err := h.solver.Distance(ctx, b)
	if errors.Is(err, solver.ErrUnsolvable) {
		return unsolvable, nil
	}
	return d, err
}

// distanceCells returns the distance of the board of cells, or
// unsolvable; a context's end as the reason it ended (inCall).
func (h *tableHandle) distanceCells(ctx context.Context, cells []byte) (int, error) {
	b, err := h.board(cells)
	if err != nil {
		return 0, err
	}
	d, err := h.distance(ctx, b)
	return d, inCall(ctx, err)
}

// ask answers what (api.AskHint or api.AskSolve) about b as every front
// end does (solver.Solver.Ask): the distance, the moves and whether they
// are partial (a hint of a level pack's one known move); unsolvable and
// none for a board that cannot reach the goal.
func (h *tableHandle) ask(ctx context.Context, b board.Board, what api.Ask) (int, []uint8, bool, error) {
	r, err := h.solver.Ask(ctx, b, what)
	if errors.Is(err, solver.ErrUnsolvable) {
		return unsolvable, nil, false, nil
	}
	return r.Distance, r.Moves, r.Partial, err
}

// lookup returns the distance of the board of cells and true, if a
// table answers and has it: the hot path of a lookup from C, which makes
// no board.Board (that copies the cells); see source.Answer.Lookup.
func (h *tableHandle) lookup(cells []byte) (int, bool) { return h.answer.Lookup(cells) }

// boardSource gives the boards of a batch in order: the next board, or
// the error that makes it no board.
type boardSource func() (board.Board, error)

// cellBoards returns the boards of cells, one after the other.
func (h *tableHandle) cellBoards(cells []byte) boardSource {
	n := h.size.Cells()
	return func() (board.Board, error) {
		b, err := h.board(cells[:n])
		cells = cells[n:]
		return b, err
	}
}

// cellDistances is distances for the boards of cells, one after the
// other: where a table answers, by lookup.
func (h *tableHandle) cellDistances(ctx context.Context, cells []byte, out []int32) (int, error) {
	n := h.size.Cells()
	if !h.answer.Exact() {
		return h.distances(ctx, h.cellBoards(cells), out)
	}
	for i := range out {
		c := cells[i*n : (i+1)*n]
		d, ok := h.lookup(c)
		if !ok {
			b, err := h.board(c)
			if err != nil {
				return i, &indexError{i, err}
			}
			if d, err = h.distance(ctx, b); err != nil {
				return i, err
			}
		}
		out[i] = int32(d)
	}
	return len(out), nil
}

// textBoards returns the boards of text, one a line.
func (h *tableHandle) textBoards(text []byte) boardSource {
	cells := make([]uint8, h.size.Cells())
	return func() (board.Board, error) {
		line, rest, _ := bytes.Cut(text, []byte{'\n'})
		text = rest
		return parseLine(h.size, line, cells)
	}
}

// countLines returns the number of boards in text, one a line: a last
// line without its '\n' counts, an empty text has none.
func countLines(text []byte) int {
	n := bytes.Count(text, []byte{'\n'})
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	return n
}

// indexError is the failure of board i of a batch.
type indexError struct {
	i   int
	err error
}

func (e *indexError) Error() string { return fmt.Sprintf("board at index %d: %v", e.i, e.err) }
func (e *indexError) Unwrap() error { return e.err }

// distances writes the distance of each of the len(out) boards of next
// into out, and returns how many it wrote, in order: all, or up to the
// board that failed, whose error it returns (naming the board's index if
// it is not one). A table answers them one after the other; a search on
// every core.
func (h *tableHandle) distances(ctx context.Context, next boardSource, out []int32) (int, error) {
	if h.answer.Exact() {
		for i := range out {
			b, err := next()
			if err != nil {
				return i, &indexError{i, err}
			}
			d, err := h.distance(ctx, b)
			if err != nil {
				return i, err
			}
			out[i] = int32(d)
		}
		return len(out), nil
	}
	// Every board is read before any is searched; the boards before a bad
	// one are answered, as a table answers them.
	boards := make([]board.Board, 0, len(out))
	var bad error
	for i := range out {
		b, err := next()
		if err != nil {
			bad = &indexError{i, err}
			break
		}
		boards = append(boards, b)
	}
	finished := make([]bool, len(boards))
	err := parallel.For(ctx, 0, len(boards), func(i int) error {
		d, err := h.distance(ctx, boards[i])
		if err != nil {
			return err
		}
		out[i], finished[i] = int32(d), true
		return nil
	})
	if err != nil {
		// Every board before the first unfinished one was answered.
		done := 0
		for done < len(finished) && finished[done] {
			done++
		}
		return done, err
	}
	return len(boards), bad
}

// level returns a board at a distance in [lo, hi] from the goal, and its
// distance, drawn with seed as 'slidetable serve' answers GET /api/level
// (package game); hi -1 asks for the default, the largest distance levels
// are offered at. The game checks the range.
func (h *tableHandle) level(ctx context.Context, lo, hi int, seed uint64) (board.Board, int, error) {
	g, err := h.game()
	if err != nil {
		return board.Board{}, 0, err
	}
	req, err := g.Ask(api.Question{Ask: api.AskLevel, Size: h.size, Metric: h.metric, Min: lo, Max: hi, Seed: seed, Seeded: true})
	if err != nil {
		return board.Board{}, 0, err
	}
	v, err := req.Answer(ctx)
	if err != nil {
		return board.Board{}, 0, err
	}
	lv, ok := v.(api.Level)
	if !ok {
		return board.Board{}, 0, fmt.Errorf("a level request answered %T", v)
	}
	return lv.Board, lv.Distance, nil
}

// random returns a board drawn uniformly among those that reach the goal.
func (h *tableHandle) random(seed uint64) (board.Board, error) {
	return gen.UniformTo(gen.NewRand(seed), h.goal)
}

// maxDistance returns the largest distance of a board of the table's
// size in its metric, or -1 where it is not known
// (source.Answer.MaxDistance).
func (h *tableHandle) maxDistance() int { return h.answer.MaxDistance() }

// boolInt returns 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
