// Package ida finds shortest solutions of boards of any size, without a
// table, by iterative-deepening A* (IDA*, Korf 1985): depth-first searches
// bounded by g+h, the moves made plus an estimate of the moves left, with
// the bound raised to the smallest excess after each failed search.
//
// The estimate h is the Manhattan distance of the tiles from their goal
// cells plus the linear conflicts (Hansson, Mayer and Yung 1992): in each
// row, the tiles that belong in that row but stand in the wrong order
// relative to each other, of which all but a longest correctly ordered
// subsequence must leave the row and come back, two moves each beyond their
// Manhattan distance; likewise in each column. The estimate never exceeds
// the true distance, so the first solution found is a shortest one.
//
// This is the exact solver for sizes whose tables are too large to build,
// such as 4x4. Its time grows quickly with the distance: boards of 3x3 and
// 4x2 take milliseconds, random 4x4 boards (about 52 moves) from a tenth of
// a second to a minute or more, and random 5x5 boards are out of reach,
// while boards a few dozen moves from the goal of any size are quick. Long searches honour their
// context. The functions keep no shared state and are safe for concurrent
// use.
package ida
