package api

import "github.com/slidetable/slidetable/board"

// About says which boards an answer is about: their size and, unless it is
// the standard one, their goal; and, in the multi-tile metric only, the
// metric its distances count ("multi"). The objects of this package embed
// it, so that its fields come first.
type About struct {
	Size   board.Size   `json:"size"`
	Goal   *board.Board `json:"goal,omitempty"`
	Metric string       `json:"metric,omitempty"`
}

// NewAbout returns the About of boards whose goal is goal, in the metric
// m: its goal only when it is not the standard one, and its metric's name
// for the multi-tile metric only, so that answers in the single-tile one
// read as they always have. Every object's About is made here.
func NewAbout(goal board.Board, m board.Metric) About {
	a := About{Size: goal.Size()}
	if goal != board.Goal(goal.Size()) {
		a.Goal = &goal
	}
	if m == board.MultiTile {
		a.Metric = m.String()
	}
	return a
}

// multi reports whether a is about the multi-tile metric.
func (a About) multi() bool { return a.Metric == board.MultiTile.String() }

// MetricOf returns the metric a is about.
func (a About) MetricOf() board.Metric {
	if a.multi() {
		return board.MultiTile
	}
	return board.SingleTile
}

// Solvable answers whether a board can reach the goal:
// {"size":"4x4","board":[...],"solvable":false}.
type Solvable struct {
	About
	Board    board.Board `json:"board"`
	Solvable bool        `json:"solvable"`
}

// Verify is the proof that a table's distances are exact and the check of
// the parity rule against it, over every permutation:
// {"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0}.
// First is the first board where they disagree, if any.
type Verify struct {
	About
	Certified    bool         `json:"certified"`
	Permutations uint64       `json:"permutations"`
	Reachable    uint64       `json:"reachable"`
	Mismatches   uint64       `json:"mismatches"`
	First        *board.Board `json:"first,omitempty"`
	// Source is the table proven.
	Source *Source `json:"source,omitempty"`
}

// Wrong is the answer of verify for a table whose distances it proved
// wrong, naming a board whose distance is wrong:
// {"size":"3x3","certified":false,"wrong":"...","board":[...],"distance":7}.
type Wrong struct {
	About
	Certified bool        `json:"certified"` // always false
	Wrong     string      `json:"wrong"`
	Board     board.Board `json:"board"`
	Distance  int         `json:"distance"`
}

// VerifyPDB is the answer of verify for a pattern database:
// {"size":"4x4","pattern_database":true,"certified":true}, or for one its
// proof refutes, the entry it names: the group (from 1), the group's tiles,
// the cells they are in, the blank's cell for a database that keeps it,
// the entry (moves of the group's tiles) and what the proof expected:
// {"size":"4x4","pattern_database":true,"certified":false,"wrong":"...",
// "group":1,"tiles":[1,5,6],"cells":[0,4,5],"entry":7,"want":5}.
// For an abstraction tier, AbstractionTier is true instead of
// PatternDatabase: {"size":"4x4","metric":"multi","abstraction_tier":true,
// "certified":true}; one its proof refutes is named by Wrong alone.
type VerifyPDB struct {
	About
	PatternDatabase bool   `json:"pattern_database,omitempty"`
	AbstractionTier bool   `json:"abstraction_tier,omitempty"`
	Certified       bool   `json:"certified"`
	Wrong           string `json:"wrong,omitempty"`
	Group           int    `json:"group,omitempty"`
	Tiles           []int  `json:"tiles,omitempty"`
	Cells           []int  `json:"cells,omitempty"`
	Blank           *int   `json:"blank,omitempty"`
	Entry           *int   `json:"entry,omitempty"`
	Want            *int   `json:"want,omitempty"`
	// Source is the database proven.
	Source *Source `json:"source,omitempty"`
}

// Drawn is a random board, with the moves from the goal that made it for a
// walk: {"size":"3x3","board":[...],"moves":[6,3,...]}.
type Drawn struct {
	About
	Board board.Board `json:"board"`
	Moves []int       `json:"moves,omitzero"`
}

// NewDrawn returns a board drawn for goal (in single-tile moves, the
// moves of a walk); moves is nil for a uniform draw.
func NewDrawn(goal, b board.Board, moves []uint8) Drawn {
	d := Drawn{About: NewAbout(goal, board.SingleTile), Board: b}
	if moves != nil {
		d.Moves = Ints(moves)
	}
	return d
}

// Level is a board at an exact distance from the goal:
// {"size":"3x3","board":[...],"distance":31}.
type Level struct {
	About
	Board    board.Board `json:"board"`
	Distance int         `json:"distance"`
	// Solution is an optimal solution of the board, the tiles tapped in
	// order, where one is known without searching (a level of a level
	// pack), else nil.
	Solution []int `json:"solution,omitzero"`
	// Source is what answered the distance, or nil for a board of a
	// published list.
	Source *Source `json:"source,omitempty"`
}

// NewLevel returns the level of board b, of the boards a says, d moves
// from the goal.
func NewLevel(a About, b board.Board, d int) Level {
	return Level{About: a, Board: b, Distance: d}
}

// Sampling says how the boards of a coverage test were drawn: the
// generator, its seed and the number of boards. K and NoUndo are there for
// walks only.
type Sampling struct {
	Method string `json:"method"`
	K      *int   `json:"k,omitempty"`
	NoUndo *bool  `json:"no_undo,omitempty"`
	Seed   uint64 `json:"seed"`
	Draws  uint64 `json:"draws"`
}

// Coverage is the test of how evenly a generator covers the boards:
// {"size":"3x2","method":"uniform","seed":1,"draws":360000,"states":360,...,"p":0.18,"pass":true}.
type Coverage struct {
	About
	Sampling
	States    uint64  `json:"states"`
	Distinct  uint64  `json:"distinct"`
	Min       uint64  `json:"min"`
	Max       uint64  `json:"max"`
	ChiSquare float64 `json:"chi_square"`
	DF        int     `json:"df"`
	P         float64 `json:"p"`
	Alpha     float64 `json:"alpha"`
	Pass      bool    `json:"pass"`
}

// Tiles converts moves written as []int, as the answers hold them, back
// to tiles; a number that is no tile becomes 0, which no board can move.
func Tiles(moves []int) []uint8 { return tiles(moves) }

// Ints converts moves to []int, which encoding/json writes as an array of
// numbers (it writes []uint8 as base64).
func Ints(moves []uint8) []int {
	out := make([]int, len(moves))
	for i, m := range moves {
		out[i] = int(m)
	}
	return out
}
