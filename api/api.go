package api

import (
	"math"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

// Distance answers how far a board is from the goal. Distance is nil, and
// left out, for a board that cannot reach the goal.
type Distance struct {
	About
	Board    board.Board `json:"board"`
	Solvable bool        `json:"solvable"`
	Distance *int        `json:"distance,omitempty"`
	// Source is what answered, or nil: left out for a board that cannot
	// reach the goal, which the parity rule tells.
	Source *Source `json:"source,omitempty"`
}

// NewDistance returns the answer for b, of the boards a says: d moves
// from the goal if solvable.
func NewDistance(a About, b board.Board, solvable bool, d int) Distance {
	out := Distance{About: a, Board: b, Solvable: solvable}
	if solvable {
		out.Distance = &d
	}
	return out
}

// Moves answers with moves of a board: a shortest solution in order, or the
// optimal next moves. Distance and Moves are nil, and left out, for a board
// that cannot reach the goal; Moves is [] for the goal itself.
type Moves struct {
	About
	Board    board.Board `json:"board"`
	Solvable bool        `json:"solvable"`
	Distance *int        `json:"distance,omitempty"`
	Moves    []int       `json:"moves,omitzero"`
	// Partial, for hints only, says that Moves holds one optimal move and
	// others may be optimal too: the board is a level of a level pack or
	// lies on the stored solution of one, and the move is that solution's
	// next, known without a search (Source says "level pack"). A board a
	// pack holds near its levels is answered from it with every optimal
	// move, not partial.
	Partial bool `json:"partial,omitempty"`
	// Slides, in the multi-tile metric only, is for each move the number
	// of tiles that slide: the move is the tile tapped, the farthest from
	// the blank of those that slide (see board.Board.Tap).
	Slides []int `json:"slides,omitempty"`
	// Letters, where asked for (see AddLetters), is each move in the
	// speedsolvers' notation: the way its tiles slide, U, D, L or R, with
	// how many slide when more than one does in the multi-tile metric
	// ("R3"). A solution written as speedsolvers write it is the letters
	// joined ("R3D2L").
	Letters []string `json:"letters,omitzero"`
	// Source is what answered, or nil (see Distance).
	Source *Source `json:"source,omitempty"`
}

// NewMoves returns the answer for b, of the boards a says: d moves from
// the goal if solvable, with the given moves (tile numbers), and in the
// multi-tile metric the number of tiles each move slides. With path set
// the moves are played in order from b (a solution); otherwise each is a
// move of b (hints).
func NewMoves(a About, b board.Board, solvable bool, d int, moves []uint8, path bool) Moves {
	out := Moves{About: a, Board: b, Solvable: solvable}
	if !solvable {
		return out
	}
	out.Distance, out.Moves = &d, Ints(moves)
	if !a.multi() {
		return out
	}
	out.Slides = make([]int, len(moves))
	for i, t := range Taps(b, moves, path) {
		out.Slides[i] = t.Slides
	}
	return out
}

// AddLetters sets m.Letters to its moves in the speedsolvers' notation
// (see board.Board.Letters): with path set the moves are played in order
// from the board (a solution); otherwise each is a move of the board
// (hints). It leaves Letters nil for a board that cannot reach the goal
// and fails, leaving it nil, if a move cannot be played.
func (m *Moves) AddLetters(path bool) error {
	if !m.Solvable {
		return nil
	}
	metric := board.SingleTile
	if m.multi() {
		metric = board.MultiTile
	}
	var letters []string
	if path {
		all, err := m.Board.Letters(tiles(m.Moves), metric)
		if err != nil {
			return err
		}
		letters = splitLetters(all)
	} else {
		var err error
		if letters, err = m.Board.MoveLetters(tiles(m.Moves), metric); err != nil {
			return err
		}
	}
	m.Letters = make([]string, 0, len(m.Moves))
	m.Letters = append(m.Letters, letters...)
	return nil
}

// tiles returns moves as tiles; a number that is no tile becomes 0, which
// no board can move.
func tiles(moves []int) []uint8 {
	out := make([]uint8, len(moves))
	for i, m := range moves {
		if m > 0 && m < 256 {
			out[i] = uint8(m)
		}
	}
	return out
}

// splitLetters splits a solution in letters into its moves: each a letter
// with the digits that follow it.
func splitLetters(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// A Tap is a move of the multi-tile metric as a player makes it: the tile
// tapped, how many tiles slide and which way. Slides is 0 for a tile that
// cannot be tapped.
type Tap struct {
	Tile      uint8
	Slides    int
	Direction board.Direction
}

// Taps returns the taps of the given tiles: with path set, played one after
// another from b (a solution); otherwise each a move of b (hints). A tile
// that cannot be tapped where it is asked has Slides 0, and the path
// stops there.
func Taps(b board.Board, tiles []uint8, path bool) []Tap {
	out := make([]Tap, len(tiles))
	for i, t := range tiles {
		out[i].Tile = t
	}
	at := b
	for i, t := range tiles {
		next, count, err := at.Tap(t)
		if err != nil {
			if path {
				break
			}
			continue
		}
		out[i].Slides = count
		out[i].Direction, _ = at.TapDirection(t) // t can be tapped: Tap passed
		if path {
			at = next
		}
	}
	return out
}

// Stats is the distance distribution of a size: the number of boards that
// reach the goal, the largest distance and how many boards are that far, the
// mean and median distance, the count at each distance and some boards at
// the largest distance. Source is empty for a distribution computed from a
// table here, and cites the publication of one computed elsewhere (4x4);
// Table, for a distribution computed here, is the table it was computed
// from.
type Stats struct {
	About
	States  uint64        `json:"states"`
	Max     int           `json:"max"`
	AtMax   uint64        `json:"at_max"`
	Mean    float64       `json:"mean"`
	Median  float64       `json:"median"`
	Counts  []uint64      `json:"counts"`
	Hardest []board.Board `json:"hardest"`
	Source  string        `json:"source,omitempty"`
	Table   *Source       `json:"table,omitempty"`
}

// NewStats returns the distribution of t, with hardest as the boards listed
// at the largest distance.
func NewStats(t *table.Table, hardest []board.Board) Stats {
	return statsOf(NewAbout(t.Goal(), t.Metric()), t.Counts(), hardest)
}

// PublishedStats returns a published distribution, with the published
// boards at its largest distance if h is for the same size (h may be zero).
func PublishedStats(d published.Distribution, h published.Hardest) Stats {
	var hardest []board.Board
	if h.Distance == d.Max() {
		hardest = h.Boards
	}
	st := statsOf(NewAbout(board.Goal(d.Size), d.Metric), d.Counts, hardest)
	st.Source = d.Source
	return st
}

// statsOf computes the figures of a distribution from its counts, of the
// boards a says.
func statsOf(a About, counts []uint64, hardest []board.Board) Stats {
	var sum float64
	var total uint64
	for d, c := range counts {
		sum += float64(d) * float64(c)
		total += c
	}
	if hardest == nil {
		hardest = []board.Board{}
	}
	return Stats{
		About:   a,
		States:  total,
		Max:     len(counts) - 1,
		AtMax:   counts[len(counts)-1],
		Mean:    sum / float64(total),
		Median:  Median(counts),
		Counts:  counts,
		Hardest: hardest,
	}
}

// Median returns the median distance of the boards counted by counts (the
// number of boards at each distance): the middle one, or the mean of the two
// in the middle if there is an even number of boards. It is NaN if there
// are none.
func Median(counts []uint64) float64 {
	var total uint64
	for _, c := range counts {
		total += c
	}
	at := func(k uint64) int { // distance of the k-th board, from 0, in order of distance
		for d, c := range counts {
			if k < c {
				return d
			}
			k -= c
		}
		return len(counts) - 1
	}
	if total == 0 {
		return math.NaN()
	}
	return float64(at((total-1)/2)+at(total/2)) / 2
}

// Error is the answer to a request that failed: a message naming the
// problem.
type Error struct {
	Error string `json:"error"`
	// Final, when true, says that asking again will get the same answer
	// from this server: a search that runs out of its time limit, or a
	// file of the server's found damaged.
	Final bool `json:"final,omitempty"`
}

// Size describes a size a server plays, an entry of its /api/sizes.
type Size struct {
	Size   board.Size  `json:"size"` // "3x3"
	Width  int         `json:"width"`
	Height int         `json:"height"`
	Goal   board.Board `json:"goal"`
	// Table says whether the size has an exact table: its distribution is
	// known and its answers are immediate.
	Table bool `json:"table"`
	// Published says whether the size's distribution is a published one,
	// computed elsewhere (Stats.Source cites it), rather than a table's.
	Published bool `json:"published"`
	// Max is the largest distance of any board (God's number), where a
	// table or a published distribution gives it; nil, and left out of the
	// JSON, otherwise.
	Max *int `json:"max,omitempty"`
	// MaxLevel is the largest distance the server offers levels at.
	MaxLevel int `json:"max_level"`
	// Metric, in the multi-tile metric only, is "multi": the distances,
	// Max and MaxLevel count multi-tile moves.
	Metric string `json:"metric,omitempty"`
}
