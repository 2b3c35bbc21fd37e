// Package solver answers the questions a game asks of a sliding-tile board
// (how far is it from the goal, what is a shortest solution, which moves
// are optimal) for boards of any size, exactly, from whatever it holds.
//
// Create one Solver and share it:
//
//	s, err := solver.New() // the built-in tables, Manhattan search otherwise
//	d, err := s.Distance(ctx, b)
//	moves, err := s.Path(ctx, b)     // len(moves) == d, replays to the goal
//	hints, d, err := s.Hints(ctx, b) // every move that starts a shortest solution
//
// For each size it answers from an exact distance table when it has one
// for that size and goal (the built-in tables of package source for the
// sizes up to 3x3 and 4x2, or a table given with WithTable or WithSource;
// source.Resolver finds installed ones and -table files), in a few table
// lookups a move; otherwise by IDA* (package ida) with the best heuristic
// it has for the size: one given with WithHeuristic, such as additive
// pattern databases, else one built in, else Manhattan distance with linear
// conflicts. Search time grows quickly with the distance and the board's
// size; every method takes a context and stops when it ends. WithSearch
// makes it search even where a table exists, to compare the two.
//
// Each size has one goal: the goal of the table or heuristic given for it,
// or one given with WithGoal, else the standard goal. A board that cannot
// reach its goal gives an error for which errors.Is(err, ErrUnsolvable)
// holds, whichever path answered.
//
// A Solver is safe for concurrent use: tables and heuristics are loaded
// once, on the first board of their size, and only read afterwards; each
// search keeps its own state.
package solver
