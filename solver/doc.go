// Package solver answers the questions a game asks of a sliding-tile board
// (how far is it from the goal, what is a shortest solution, which moves
// are optimal) for boards of any size, exactly, from what package source
// hands it.
//
// Create one Solver and share it:
//
//	s, err := solver.New() // the built-in tables and databases, searches otherwise
//	d, err := s.Distance(ctx, b)
//	moves, err := s.Path(ctx, b)     // len(moves) == d, replays to the goal
//	hints, d, err := s.Hints(ctx, b) // every move that starts a shortest solution
//
// A Solver decides nothing about where answers come from: for each size it
// asks its source.Catalog once, on the first board of the size, and
// answers from what the catalogue hands back (source.Answer): an exact
// distance table, in a few table lookups a move, or an IDA* search
// (package ida) with the best lower bound there is for the size. The
// command line gives the options of a catalogue (WithCatalogOptions:
// the files its user names, goals, the user's folder of installed
// files); the server, the C library and the WebAssembly build each make
// one catalogue and give it with WithCatalog. A program of its own can give
// the solver tables (WithTable), heuristics (WithHeuristic) or goals
// (WithGoal) instead, which the solver hands to a catalogue of its own;
// WithSearch makes it search even where a table exists, to compare the
// two. Search time grows quickly with the distance and the board's size;
// every method takes a context and stops when it ends.
//
// Each size has one goal: the goal of the table or heuristic given for it,
// or one given with WithGoal, else the standard goal. A board that cannot
// reach its goal gives an error for which errors.Is(err, ErrUnsolvable)
// holds, whichever path answered.
//
// A Solver is safe for concurrent use: what answers a size is found once
// and only read afterwards; each search keeps its own state.
package solver
