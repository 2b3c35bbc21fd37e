// Package reference is a slow, obviously correct breadth-first search over
// boards held in a map (Distances, DistancesIn), or over one byte a board
// (Scan), used by tests to check the fast code state by state.
//
// It is independent of what it checks: it makes the moves of both metrics
// with its own plain code, written from the rules in rows and columns, and
// shares none with package board's moves (Board.Moves, Move, Taps, Tap,
// SlideCells), the search of package bfs or the walk of package table. It
// uses package board only for the Board type (New, which checks that a
// move made a board, and its size and cells) and the metric's names, and
// package rank only for Scan's index, rank.Index, which is the index the
// fast search's results are read by and which rank's own tests check
// against its definition on every board of up to 9 cells. A test of this
// package checks its moves against board's on every board of the small
// sizes, so that the two, written apart, keep each other honest.
package reference
