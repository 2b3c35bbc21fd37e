// Package api defines, once, the JSON objects slidetable answers with: the
// command line's -json output.
//
// The objects follow three rules. Every object about boards carries their
// size, as "size":"WxH", the one spelling of a size (board.Size writes it),
// and their goal as "goal":[cells] when it is not the standard one. A board
// is its cells in reading order with 0 for the blank; a move is the number
// of the tile that slides into the blank. A value that does not apply is
// left out, never null: the goal when it is the standard one, the distance
// and moves of a board that cannot reach the goal, -k for uniform draws.
package api
