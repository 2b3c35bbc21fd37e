// Package game answers what a sliding-puzzle game asks about the sizes it
// plays, in the objects of package api: which sizes there are, a board's
// distance, its optimal next moves, a shortest solution, a level at an
// exact distance and a size's distance distribution. The HTTP server
// (package server) and the WebAssembly build (package js) both answer
// through it, so a page gets the same answers, byte for byte once encoded
// as JSON, from either.
//
// A question is typed (api.Question: what is asked, the size, metric,
// goal, board or scramble, range, seed, notation), and Ask is the one
// door every front end asks it through: the HTTP server and the
// WebAssembly build read it from a URL query (api.ParseQuery), the command
// line from its flags, the C library from its arguments:
//
//	g, err := game.New(puzzles, nil)
//	req, err := g.Ask(api.Question{Ask: api.AskDistance, Size: size, Board: b})
//	v, err := req.Answer(ctx) // api.Distance{..., Distance: 31}
//
// Ask checks the question, so a bad one fails at once, with an error
// wrapping ErrInput that names the problem as the command line does
// ("tile 7 appears twice"); Cheap then says whether the answer is a few
// table lookups or may take a search, which a server limits. What
// answers is the catalogue's decision, asked through the puzzle's Solver
// (solver.Solver.Ask): a level pack for a board it holds (a hint then
// the one move it knows, "partial"), else the size's table, else a
// search; every answer says which ("source").
//
// The questions, named as the HTTP API's endpoints are:
//
//	sizes                       []api.Size: the sizes played, tables first (of the metric)
//	solvable  size, board       api.Solvable: whether the board reaches the goal (the parity rule)
//	distance  size, board       api.Distance
//	hint      size, board       api.Moves: every optimal next move
//	solve     size, board       api.Moves: a shortest solution, tiles in order
//	level     size, min, max[, seed]   api.Level: a board at a distance in [min, max]
//	stats     size              api.Stats: the distance distribution
//
// Every endpoint but sizes also takes goal, a board of the size to measure
// distances to instead of the puzzle's goal, as the command line's -goal
// does; answers then name it ("goal":[...]). A size of up to 10 cells gets
// its table towards that goal built in memory by the first answer that
// needs it (a millisecond for 3x3, 0.16 s for 10 cells), so that its
// answers are exact and immediate afterwards, its levels uniform and its
// distribution known; a larger size is searched by IDA* towards the goal
// (package solver), and its levels are random walks from it kept by their
// exact distance. Such requests are never Cheap but for solvable, and for
// those a level pack answers (below). A game
// keeps the puzzles of the last 16 goals asked about.
//
// Every endpoint also takes metric=single (the default) or metric=multi:
// in the multi-tile metric one move slides every tile between the tile
// tapped and the blank, along its row or column (board.MultiTile). A game
// plays a size in a metric when it is given a Puzzle of that size and
// metric (or Options.MultiOthers answers it); answers in the multi-tile
// metric say "metric":"multi", and a move of hint and solve is the tile
// tapped, with the number of tiles each slides in "slides". sizes lists
// the sizes of the metric asked for. Without a table, a multi-tile level
// is drawn as a single-tile one is where a database guides the search
// (4x4, Puzzle.Uniform); elsewhere it is a random walk kept by its exact
// distance, up to DefaultMultiMaxLevel by default.
//
// A level comes from the size's table where there is one, drawn uniformly
// among the boards in range (levels.Sample). Without a table: at once from
// the size's built-in level pack (source.BuiltinPack) where it holds boards
// at every distance of the range, a board chosen uniformly among the pack's
// in range, with the pack's solution, its answer's source a "level pack",
// a Cheap request (the 4x4 pack holds the 17 published boards 80 moves from the goal);
// the published boards at the largest distance when min is that distance
// and no pack holds them; uniform boards solved until one
// is in range (levels.Search) where the published distribution says that
// is not rare (levels.Rare); otherwise random walks from the goal kept by
// their exact distance (levels.WalksWith), exact but not uniform. The same
// seed gives the same level.
//
// A board of that level pack (the catalogue's: source.Catalog.Pack), or
// one on its stored solutions, is answered from it, a Cheap request with
// no search: its distance, the rest of the solution, and as hint the
// solution's next move alone (api.Moves.Partial). So is a board the pack
// holds near its levels (levels.PackEntry.Near, which is never dealt),
// its hint every optimal move, its solution's first move first.
//
// A caller that draws many boards at once, with progress of its own, as
// the command line's levels does, plans the draw with PlanLevels (the same
// decision a level takes: from a table, the published boards, uniform
// boards solved or random walks) and draws with the plan; MakePack makes a
// level pack, as PlanPack plans it, refusing before any board is drawn the
// distances neither uniform boards nor random walks reach. Their names are those of package levels, which does the
// work, so that a front end needs no other package. Whether a generator
// draws boards uniformly is the question of package game/uniform.
//
// A Game is safe for concurrent use.
package game
