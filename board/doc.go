// Package board is the sliding-tile board: its size, its cells, parsing and
// printing, legal moves, and the parity test that tells which boards can reach
// a goal.
//
// A board of size W x H (W columns, H rows, both at least 2) holds the tiles
// 1..n-1 and one blank, written 0, in n = W*H cells listed in reading order.
// The standard goal lists 1..n-1 in order with the blank bottom-right.
//
// A Board is an immutable value: it is built only by Parse, New, Goal or Move,
// all of which validate, so a Board in hand is always a permutation of the
// right size. Boards are comparable with == and may be used as map keys.
//
// A move is written as the number of the tile that slides into the blank.
package board
