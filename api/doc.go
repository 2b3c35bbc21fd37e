// Package api defines, once, the JSON objects slidetable answers with, so
// that the command line's -json output and the HTTP API of package server
// never drift apart:
//
//	Distance  {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}
//	Moves     {"size":"3x3","board":[...],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	Stats     {"size":"3x3","states":181440,"max":31,"at_max":2,"mean":21.97,
//	           "median":22,"counts":[1,2,...],"hardest":[[8,6,7,...],...]}
//	Level     {"size":"3x3","board":[...],"distance":21}
//	Solvable  {"size":"4x4","board":[...],"solvable":false}
//	Verify    {"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0}
//	Drawn     {"size":"3x3","board":[...],"moves":[6,3,...]}
//	Coverage  {"size":"3x2","method":"uniform","seed":1,"draws":360000,...,"pass":true}
//	Size      {"size":"3x3","width":3,"height":3,"goal":[1,...,0],"table":true,"published":false,
//	          "max":31,"max_level":31}
//	Error     {"error":"tile 7 appears twice"}
//	Source    {"where":"built-in","kind":"table","exact":true,"hash":"f0d2..."}
//	Info      {"path":"4x4-multi.abs","kind":"abstraction tier","size":"4x4","metric":"multi",...}
//
// Every answer about boards says what answered it: Distance, Moves, Level
// and the objects of verify carry a Source as "source", Stats (whose
// "source" cites a published distribution) as "table", DistanceCoverage
// as "solver".
//
// The objects about boards follow three rules. They carry the boards' size,
// as "size":"WxH", the one spelling of a size (board.Size writes it), and
// their goal as "goal":[cells] when it is not the standard one. A board is
// its cells in reading order with 0 for the blank; a move is the number of
// the tile that slides into the blank. A value that does not apply is left
// out, never null: the goal when it is the standard one, the distance and
// moves of a board that cannot reach the goal, -k for uniform draws. Size,
// which describes a puzzle the server offers rather than answering about a
// board, always names its goal, and its largest distance where it is known.
package api
