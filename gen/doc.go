// Package gen draws random boards of any size, with no table needed, in the
// two ways puzzle games use.
//
// Uniform draws uniformly among the boards that can reach the goal: it
// shuffles the cells with Fisher-Yates and, if the result cannot reach the
// goal, swaps the first two tiles in reading order that are not the blank.
// Such a swap changes the parity of the tiles and leaves the blank in place,
// so it turns every board that cannot reach the goal into one that can, and
// two different boards into two different boards: each board that can reach
// the goal is hit by exactly two of the n! equally likely shuffles, itself
// and its swapped twin, and so has probability 2/n!.
//
// Walk makes k random moves from a board, usually the goal, each chosen
// uniformly among the legal ones (optionally never undoing the move just
// made), and records them, so that the result can be animated from the goal
// and the moves in reverse order solve it. A walk is not uniform: the moves
// of a board alternate the colour of the blank's cell on a chessboard, so
// after k moves only the boards whose blank is on the colour of parity k are
// possible, at most half of them, and a walk much shorter than the largest
// distance stays near its start.
//
// Both take a *rand.Rand from math/rand/v2, so a fixed seed gives the same
// boards every time. NewRand makes the source of a seed as every front end
// does (the command line's -seed, the C library, the WebAssembly module),
// so that a seed gives the same boards everywhere. A *rand.Rand is not safe
// for concurrent use; give each goroutine its own.
package gen
