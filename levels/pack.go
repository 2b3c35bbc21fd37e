package levels

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/published"
)

// PackEntry is one board of a level pack: a board at an exact distance
// from the standard goal of its size, with one optimal solution, the tiles
// tapped in order (its length is the distance). Uniform says whether the
// board was drawn uniformly among the boards at its distance; where that
// cannot be done (the shallow distances of a size without a table), it
// ends a random walk from the goal, kept by its exact distance. As JSON,
// one a line in a pack file, it reads
//
//	{"size":"4x4","metric":"multi","board":[...],"distance":31,"solution":[...],"uniform":true}
//
// A pack may also hold boards that are no levels (Near), each with every
// optimal move (Hints): the boards a player reaches by leaving a level's
// solution (see MakeNear), which it holds so that their hints need no
// search. Such a line reads
//
//	{"size":"4x4","metric":"multi","board":[...],"distance":37,"solution":[...],"uniform":false,"hints":[3,9],"near":true}
type PackEntry struct {
	Size     string `json:"size"`
	Metric   string `json:"metric"`
	Board    []int  `json:"board"`
	Distance int    `json:"distance"`
	Solution []int  `json:"solution"`
	Uniform  bool   `json:"uniform"`
	// Hints, if set, are every optimal move of the board (every move
	// that starts a shortest solution, the first of Solution among
	// them), in increasing order; if not, only Solution's are known.
	Hints []int `json:"hints,omitempty"`
	// Near marks a board that is no level: a game never deals it, and
	// holds it for what it knows of the board (its distance, solution and
	// hints).
	Near bool `json:"near,omitempty"`
}

// PackOptions says what a pack holds. A nil *PackOptions means the zero
// value.
type PackOptions struct {
	// Min and Max are the distances the pack covers: every distance from
	// Min (at least 1) to Max (0: the table's largest; a size without a
	// table needs one).
	Min, Max int
	// Hardest adds the published boards at the size's largest distance,
	// where there are some (the 17 boards 80 moves from the 4x4 goal).
	Hardest bool
	// PerDistance is the most boards at each distance; 0 means
	// PerDistance, and every published board at the largest distance.
	PerDistance int
	// Mode is Auto (the zero value), or Filter to draw uniform boards at
	// distances too rare for Auto (39 multi-tile moves of 4x4, about one
	// board in 3,200), rather than refuse them. No other mode is taken.
	Mode Mode
	// Seed makes the pack: the same seed, the same boards.
	Seed uint64
	// Workers is the number of boards solved at once (Search), 0 for one
	// a core; it changes how fast a pack is made, not what it holds.
	Workers int
	// Progress, if set, is called as each distance is done, with the
	// distances done and the distances there are.
	Progress func(done, total int)
	// Found, if set, is called with each entry as soon as it has its
	// solution, in the order of the pack, from the goroutine of MakePack.
	Found func(PackEntry)
}

// PerDistance is the number of boards a pack holds at each distance where
// there are that many.
const PerDistance = 10

// MakePack draws a level pack of p, whose goal must be the standard goal
// of its size: at each distance of opts, up to PerDistance boards, drawn
// as PlanPack decides, each with one optimal solution. Where fewer boards
// than asked are found at a distance (there are fewer, or walks find no
// more), the pack holds those found. The entries come by distance, in the
// order drawn; each distance has a random source of its own, seeded by
// opts.Seed and the distance, so a seed always gives the same boards. It
// fails with PlanPack's errors before it draws anything.
func MakePack(ctx context.Context, p Puzzle, opts *PackOptions) ([]PackEntry, error) {
	o, p, plan, err := planPack(ctx, p, opts)
	if err != nil {
		return nil, err
	}
	size := p.Goal.Size()
	var out []PackEntry
	for i, step := range plan {
		got, err := drawAt(ctx, p, step, o)
		if err != nil {
			return out, err
		}
		for _, lv := range got {
			sol, err := solution(ctx, p, lv)
			if err != nil {
				return out, err
			}
			e := PackEntry{Size: size.String(), Metric: p.Metric.String(), Board: ints(lv.Board.Cells()),
				Distance: lv.Distance, Solution: sol, Uniform: step.How != Walked}
			out = append(out, e)
			if o.Found != nil {
				o.Found(e)
			}
		}
		if o.Progress != nil {
			o.Progress(i+1, len(plan))
		}
	}
	return out, nil
}

// PackStep is how MakePack draws the boards of a pack at one distance:
// Plan's choice for it in the pack's mode, with random walks (Walked)
// where uniform boards cannot be drawn; N boards at most.
type PackStep struct {
	Distance int
	Choice
	N int
}

// PlanPack returns how MakePack draws each distance of the pack opts asks
// for, in order, deciding before anything is drawn. A distance whose
// uniform boards Plan cannot draw in opts.Mode is drawn by random walks
// (near the goal, where few boards lie and walks find them at once),
// unless the boards at least that far are rare too (the far tail of a
// known distribution: 39 multi-tile moves of 4x4, 68 single-tile moves and
// beyond), which a random walk, whose end is no farther than a uniform
// board's, reaches no more often: there it fails with Plan's
// *UniformError, wrapped with the distance, saying how rare the boards
// are (Auto mode, where Filter would draw them uniformly) or how many
// boards would be solved (in any mode). It also fails with ErrRange for a
// goal other than the standard one, a mode other than Auto and Filter, or
// no distances, and with ErrCount for a negative PerDistance. For a size
// of up to SmallCells cells without a table, it builds one.
func PlanPack(ctx context.Context, p Puzzle, opts *PackOptions) ([]PackStep, error) {
	_, _, plan, err := planPack(ctx, p, opts)
	return plan, err
}

// planPack is PlanPack, which also returns the options with their
// defaults and the puzzle with the table it built, if any.
func planPack(ctx context.Context, p Puzzle, opts *PackOptions) (*PackOptions, Puzzle, []PackStep, error) {
	var o PackOptions
	if opts != nil {
		o = *opts
	}
	size := p.Goal.Size()
	if p.Goal != board.Goal(size) {
		return nil, p, nil, fmt.Errorf("%w: a pack is of the standard goal, not %s", ErrRange, p.Goal)
	}
	if o.PerDistance < 0 {
		return nil, p, nil, fmt.Errorf("%w: %d boards a distance", ErrCount, o.PerDistance)
	}
	if o.Mode != Auto && o.Mode != Filter {
		return nil, p, nil, fmt.Errorf("%w: a pack is drawn in mode auto or filter, not %v", ErrRange, o.Mode)
	}
	if p.Table == nil && size.Cells() <= SmallCells {
		t, err := TableOf(ctx, p, 0)
		if err != nil {
			return nil, p, nil, err
		}
		p.Table = t
	}
	lo, hi := max(o.Min, 1), o.Max
	if hi == 0 && p.Table != nil {
		hi = p.Table.Max()
	}
	// No board is farther than the size's largest distance, or its bound.
	most, _ := published.MaxDistance(size, p.Metric)
	if most > 0 {
		hi = min(hi, most)
	}
	if hi == 0 && !o.Hardest {
		return nil, p, nil, fmt.Errorf("%w: a pack of %s, which has no table, needs its largest distance", ErrRange, size)
	}
	var distances []int
	for d := lo; d <= hi; d++ {
		distances = append(distances, d)
	}
	if h, ok := published.HardestOf(size); o.Hardest && ok && p.Metric == board.SingleTile && h.Distance > hi && h.Distance >= lo {
		distances = append(distances, h.Distance)
	}
	if len(distances) == 0 {
		return nil, p, nil, fmt.Errorf("%w: no distances from %d to %d", ErrRange, lo, hi)
	}
	n := o.PerDistance
	if n == 0 {
		n = PerDistance
	}
	plan := make([]PackStep, len(distances))
	for i, d := range distances {
		step := PackStep{Distance: d, N: n}
		var err error
		step.Choice, err = Plan(p, d, d, n, o.Mode)
		var ue *UniformError
		if errors.As(err, &ue) && !farTail(p, ue, d, most) {
			step.Choice, err = Choice{How: Walked}, nil
		}
		if err != nil {
			return nil, p, nil, fmt.Errorf("levels at %d moves: %w", d, err)
		}
		if step.How == Hardest && o.PerDistance == 0 {
			step.N = MaxPackEntries // the published list, whole
		}
		plan[i] = step
	}
	return &o, p, plan, nil
}

// farTail reports whether the boards at distance d, which Plan cannot draw
// uniformly for ue, lie in the far tail of a known distribution, the
// boards at least d moves away as rare as RareFraction: random walks
// reach them no more often than uniform boards (a walk's end is no farther
// than a uniform board's), so walks are no way out. Near the goal the
// boards at d are rare because few boards are that close, and walks find
// them at once.
func farTail(p Puzzle, ue *UniformError, d, most int) bool {
	if ue.Reason != TooRare && ue.Reason != Hopeless || most < d {
		return false
	}
	tail, known := RarityOf(p.Goal, p.Metric, d, most)
	return known && !tail.Bound && tail.Rare()
}

// drawAt draws the boards of a pack at the distance of step, as it says.
func drawAt(ctx context.Context, p Puzzle, step PackStep, o *PackOptions) ([]Level, error) {
	d := step.Distance
	r := rand.New(rand.NewPCG(o.Seed, uint64(d)))
	got, err := Draw(ctx, p, step.How, r, d, d, step.N, &DrawOptions{Mode: o.Mode, Search: &SearchOptions{Workers: o.Workers}})
	if errors.Is(err, ErrNotFound) && step.How == Walked {
		err = nil // as many as the walks found
	}
	if err != nil {
		return nil, fmt.Errorf("levels at %d moves: %w", d, err)
	}
	return got, nil
}

// solution returns an optimal solution of lv, from p's table or solver.
func solution(ctx context.Context, p Puzzle, lv Level) ([]int, error) {
	var path []uint8
	var err error
	if p.Table != nil {
		path, err = p.Table.Path(lv.Board)
	} else {
		var within bool
		path, within, err = p.Solver.Within(ctx, lv.Board, lv.Distance)
		if err == nil && !within {
			err = fmt.Errorf("levels: %s was drawn at %d moves, and has no solution that short", lv.Board, lv.Distance)
		}
	}
	if err != nil {
		return nil, err
	}
	if len(path) != lv.Distance {
		return nil, fmt.Errorf("levels: a solution of %d moves for %s, %d moves from the goal", len(path), lv.Board, lv.Distance)
	}
	return ints(path), nil
}

// ints returns b as ints, which JSON writes as numbers, not as a string.
func ints(b []uint8) []int {
	out := make([]int, len(b))
	for i, x := range b {
		out[i] = int(x)
	}
	return out
}

// Bounds of a pack file that ReadPack reads.
const (
	// MaxPackLine is the longest line of a pack file, in bytes.
	MaxPackLine = 4096
	// MaxPackEntries is the most boards a pack file holds.
	MaxPackEntries = 100_000
	// MaxPackMoves is the most moves of all the solutions of a pack file
	// together, each a board ReadPack keeps while it checks them.
	MaxPackMoves = 1_000_000
)

// ErrPack reports a pack file that is not one: a line that is not an
// entry, of another size or metric, whose solution does not take its
// board to the goal in its distance, or whose hints are not moves of its
// board or disagree with what the other lines say.
var ErrPack = failure.New(failure.File, "levels: bad level pack")

// ReadPack reads a pack file of size in metric, one PackEntry a line as
// MakePack and MakeNear make them, and returns its entries in the order
// of the file, levels and boards near them (PackEntry.Near) alike. It
// checks what needs no search:
//
//   - every entry's size and metric, its board, and its solution, which
//     must take the board to the standard goal in exactly its distance in
//     moves of metric;
//   - an entry's hints, if it has some: moves of its board, in increasing
//     order, the first move of its solution among them;
//   - that the lines agree: a board that several solutions pass through
//     is as many moves from the goal by each, and each move of a board
//     with hints, where it leads to a board on a solution, leads one move
//     closer to the goal if it is a hint and not if it is not, and never
//     changes the distance by more than one move.
//
// That the distances are the fewest moves is not checked here: see the
// tests of this package. It fails with ErrPack naming the first bad line.
func ReadPack(r io.Reader, size board.Size, metric board.Metric) ([]PackEntry, error) {
	goal := board.Goal(size)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxPackLine)
	var out []PackEntry
	placed := map[board.Board]place{} // every board on a solution
	moves := 0
	for line := 1; sc.Scan(); line++ {
		if len(out) == MaxPackEntries {
			return nil, fmt.Errorf("%w: more than %d boards", ErrPack, MaxPackEntries)
		}
		var e PackEntry
		if err := decodeLine(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrPack, line, err)
		}
		if moves += len(e.Solution); moves > MaxPackMoves {
			return nil, fmt.Errorf("%w: line %d: more than %d moves in all the solutions", ErrPack, line, MaxPackMoves)
		}
		path, err := e.check(size, metric, goal)
		if err == nil {
			err = placeAll(placed, path, line)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrPack, line, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPack, err)
	}
	for i := range out {
		if err := out[i].checkHints(size, metric, placed); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrPack, i+1, err)
		}
	}
	return out, nil
}

// place is where a board lies on the solutions of a pack: its distance,
// and the line of the first solution through it.
type place struct {
	distance int32
	line     int32
}

// placeAll records the boards of path, the boards along the solution of
// line from its board to the goal, each len(path)-1-k moves from the goal
// for path[k]. It fails if a board was placed at another distance before.
func placeAll(placed map[board.Board]place, path []board.Board, line int) error {
	for k, b := range path {
		d := len(path) - 1 - k
		if p, ok := placed[b]; !ok {
			placed[b] = place{int32(d), int32(line)}
		} else if int(p.distance) != d {
			return fmt.Errorf("the solution passes %s %d moves from the goal, where line %d passes it %d moves", b, d, p.line, p.distance)
		}
	}
	return nil
}

// check checks e as an entry of a pack of size in metric: its solution
// takes its board to goal in its distance, and its hints, if any, are
// moves of its board in increasing order, the solution's first among
// them. It returns the boards along the solution, the board first and
// goal last.
func (e *PackEntry) check(size board.Size, metric board.Metric, goal board.Board) ([]board.Board, error) {
	if e.Size != size.String() || e.Metric != metric.String() {
		return nil, fmt.Errorf("a board of %s in %s moves, in a pack of %s in %s moves", e.Size, e.Metric, size, metric)
	}
	if e.Distance < 1 || len(e.Solution) != e.Distance {
		return nil, fmt.Errorf("distance %d with a solution of %d moves", e.Distance, len(e.Solution))
	}
	lv, err := e.Level(size)
	if err != nil {
		return nil, err
	}
	path := make([]board.Board, 1, len(e.Solution)+1)
	path[0] = lv.Board
	for i, t := range e.Solution {
		if t < 1 || t >= size.Cells() {
			return nil, fmt.Errorf("move %d of the solution taps %d", i+1, t)
		}
		next, err := path[i].Play(metric, uint8(t))
		if err != nil {
			return nil, fmt.Errorf("move %d of the solution: %v", i+1, err)
		}
		path = append(path, next)
	}
	if end := path[len(path)-1]; end != goal {
		return nil, fmt.Errorf("the solution of %s ends on %s, not the goal", lv.Board, end)
	}
	for i, t := range e.Hints {
		if i > 0 && t <= e.Hints[i-1] {
			return nil, fmt.Errorf("hints %v: not in increasing order", e.Hints)
		}
		if t < 1 || t >= size.Cells() || !slices.Contains(movesIn(lv.Board, metric), uint8(t)) {
			return nil, fmt.Errorf("hint %d is no move of %s", t, lv.Board)
		}
	}
	if len(e.Hints) > 0 && !slices.Contains(e.Hints, e.Solution[0]) {
		return nil, fmt.Errorf("hints %v without %d, the solution's first move", e.Hints, e.Solution[0])
	}
	return path, nil
}

// checkHints checks the hints of e, if it has some, against the boards
// placed on the solutions of its pack (ReadPack): each move of its board
// that leads to one of them leads one move closer to the goal if and
// only if it is a hint, and at most one move farther.
func (e *PackEntry) checkHints(size board.Size, metric board.Metric, placed map[board.Board]place) error {
	if len(e.Hints) == 0 {
		return nil
	}
	lv, _ := e.Level(size) // check made it once
	for _, t := range movesIn(lv.Board, metric) {
		next, err := lv.Board.Play(metric, t)
		if err != nil {
			return err // not met: t is a move of the board
		}
		p, ok := placed[next]
		if !ok {
			continue
		}
		d, hint := int(p.distance), slices.Contains(e.Hints, int(t))
		switch {
		case d < e.Distance-1 || d > e.Distance+1:
			return fmt.Errorf("tile %d takes %s, %d moves from the goal, to one %d moves away (line %d)", t, lv.Board, e.Distance, d, p.line)
		case hint && d != e.Distance-1:
			return fmt.Errorf("the hint %d takes %s, %d moves from the goal, to one %d moves away (line %d)", t, lv.Board, e.Distance, d, p.line)
		case !hint && d == e.Distance-1:
			return fmt.Errorf("tile %d takes %s, %d moves from the goal, one move closer (line %d), and is not among its hints %v", t, lv.Board, e.Distance, p.line, e.Hints)
		}
	}
	return nil
}

// movesIn returns the moves of b in metric m: the tiles that can slide
// into the blank, or that can be tapped.
func movesIn(b board.Board, m board.Metric) []uint8 {
	if m == board.MultiTile {
		return b.Taps()
	}
	return b.Moves()
}

// Level returns the entry's board and distance.
func (e *PackEntry) Level(size board.Size) (Level, error) {
	cells := make([]uint8, len(e.Board))
	for i, c := range e.Board {
		if c < 0 || c > 255 {
			return Level{}, fmt.Errorf("%w: cell %d holds %d", board.ErrSize, i, c)
		}
		cells[i] = uint8(c)
	}
	b, err := board.New(size, cells)
	return Level{Board: b, Distance: e.Distance}, err
}
