// Package ida finds shortest solutions of boards of any size, without a
// table, by iterative-deepening A* (IDA*, Korf 1985): depth-first searches
// bounded by g+h, the moves made plus a lower bound on the moves left, with
// the bound raised to the smallest excess after each failed search.
//
// The search is an engine with a pluggable heuristic. A Heuristic gives,
// for each search, an Evaluator that it keeps up to date move by move (and
// takes back on the way up); a Searcher (New) runs IDA* with it and knows
// nothing else about it, so any admissible heuristic (one that never
// exceeds the distance) gives shortest solutions. The loop keeps the board
// in a byte slice, reads the legal moves of each cell of the blank from a
// table shared by every search of a size, never undoes the move just made,
// and allocates nothing per board it generates.
//
// Manhattan is the heuristic built in: the Manhattan distance of the tiles
// from their goal cells plus the linear conflicts (Hansson, Mayer and Yung
// 1992): in each row, the tiles that belong in that row but stand in the
// wrong order relative to each other, of which all but a longest correctly
// ordered subsequence must leave the row and come back, two moves each
// beyond their Manhattan distance; likewise in each column. A move changes
// the conflicts of at most one line, the goal line of the tile moved, which
// its evaluator looks up in a table of the line's contents.
//
// The functions Solve, Distance, Within, Hints and Estimate search with
// Manhattan. Its time grows quickly with the distance: boards of 3x3 and
// 4x2 take milliseconds, random 4x4 boards (about 52 moves) from a few
// hundredths of a second to several seconds, and random 5x5 boards are out
// of reach, while boards a few dozen moves from the goal of any size are
// quick; pattern databases, given as another Heuristic, cut the 4x4 times
// by orders of magnitude. Long searches honour their context. The
// functions and Searchers are safe for concurrent use: each search has its
// own state, and the tables searches share (moves per size, conflicts per
// line length) are built once and only read.
//
// A Searcher made by NewIn(h, board.MultiTile) searches in the multi-tile
// metric, where a move taps a tile in the blank's row or column;
// it tries only moves across the line of the move before (two moves along
// one line make one), and along each ray of that line slides one tile
// more a move, telling its Evaluator each tile that slides; a
// TapEvaluator instead bounds a ray's moves at once and moves a whole tap.
// Its bound must be admissible in that metric: Lines is (at least S/(w-1)
// moves along rows and S'/(h-1) along columns remain, S and S' the tiles'
// distances from their goal columns and rows), Manhattan and the pattern
// databases of package pdb are not. Lines is weak: boards of up to 12
// cells take milliseconds to seconds, random 4x4 boards are out of reach;
// the abstraction databases of package abstraction answer them in tens of
// milliseconds to a second.
//
// A Searcher made by WithWorkers searches one board on several
// goroutines once an iteration is costly: the next iteration is split into
// the nodes a few moves from the start, which the workers take in the
// order the sequential search meets them, so that it finds the same
// solution and hints. Searches run at once on one such Searcher share its
// workers: an iteration is split only among those the others leave idle,
// so a batch of boards, one a core, runs one goroutine a board.
package ida
