package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/api"
)

func runGen(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "gen", "slidetable gen [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-goal BOARD] [-json] WxH",
		"Print N random boards of size WxH (any size, no table needed), one a line.\n"+
			"With -method uniform (the default) each is drawn uniformly among the boards\n"+
			"that can reach the goal. With -method walk each is the goal scrambled by K\n"+
			"random moves, printed with those moves: played from the goal they give the\n"+
			"board, and in reverse order they solve it. A move is the number of the tile\n"+
			"that slides into the blank.",
		"  slidetable gen -n 3 4x4\n  slidetable gen -method walk -k 30 -no-undo -seed 7 -json 5x5\n")
	g := addGenFlags(f)
	n := f.Int("n", 1, "print `N` boards")
	seed := addSeedFlag(f)
	goalFlag := addGoalFlag(f, "draw boards that reach this `BOARD` instead of the standard goal (walks start from it)")
	asJSON := f.Bool("json", false, `print {"size":"WxH","board":[...]} a line, with "moves":[...] for walks (see the manual)`)
	size, err := f.parseSize(args)
	if err != nil {
		return err
	}
	goal, err := goalFlag.board(size)
	if err != nil {
		return err
	}
	if err := f.intFlag("n", *n, 1, maxGen, "a number of boards"); err != nil {
		return err
	}
	r, _ := seed.rand()
	draw, err := g.generator(f, goal, r)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(e.stdout)
	walk := *g.method == "walk"
	for i := range *n {
		if i&0xFFF == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		b, moves, err := draw()
		if err != nil {
			return err
		}
		switch {
		case *asJSON:
			err = writeJSONLine(w, api.NewDrawn(goal, b, moves))
		case walk:
			_, err = fmt.Fprintf(w, "%s  moves: %s\n", b, moveList(moves))
		default:
			_, err = fmt.Fprintln(w, b)
		}
		if err != nil {
			return err
		}
	}
	return w.Flush()
}

// moveList writes moves as numbers separated by spaces, or "none".
func moveList(moves []uint8) string {
	if len(moves) == 0 {
		return "none"
	}
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = fmt.Sprint(m)
	}
	return strings.Join(s, " ")
}
