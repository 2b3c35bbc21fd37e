// Package api defines the JSON objects slidetable answers with, once, so that
// the command line's -json output and the HTTP API of package server never
// drift apart:
//
//	Distance  {"board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}
//	Moves     {"board":[...],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	Stats     {"width":3,"height":3,"states":181440,"max":31,"at_max":2,"mean":21.97,
//	           "median":22,"counts":[1,2,...],"hardest":[[8,6,7,...],...]}
//	Error     {"error":"board: tile 7 appears twice"}
//	Size      {"size":"3x3","width":3,"height":3,"goal":[1,...,0],"table":true,"published":false,
//	          "max":31,"max_level":31}
//
// A level, one board at an exact distance, is levels.Level:
// {"board":[...],"distance":21}.
//
// A board is its cells in reading order with 0 for the blank; a move is the
// number of the tile that slides into the blank. Distance and moves are null
// for a board that cannot reach the goal.
package api
