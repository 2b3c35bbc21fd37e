package main

import (
	"fmt"

	"github.com/slidetable/slidetable/board"
)

// goalFlag is the -goal flag of the commands that answer about boards:
// the board distances are measured to, the standard goal by default.
type goalFlag struct {
	f    *flags
	text *string
}

func addGoalFlag(f *flags, usage string) *goalFlag {
	f.goal = &goalFlag{f: f, text: f.String("goal", "", usage)}
	return f.goal
}

// board returns the goal of the size: the -goal board, or the standard
// goal.
func (g *goalFlag) board(size board.Size) (board.Board, error) {
	if *g.text == "" {
		return board.Goal(size), nil
	}
	goal, err := board.Parse(size, *g.text)
	if err != nil {
		return board.Board{}, g.f.fail(fmt.Errorf("-goal: %w", err))
	}
	return goal, nil
}

// set reports whether -goal was given.
func (g *goalFlag) set() bool { return *g.text != "" }
