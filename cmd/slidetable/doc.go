// Slidetable builds exact distance tables for sliding-tile puzzles (the
// 15-puzzle family) and answers questions about boards from them: can this
// board be solved, and in how few moves.
//
// Usage:
//
//	slidetable <command> [flags] [arguments]
//
// A size is written WxH, W columns by H rows: 3x3, 4x2. A board is its
// numbers in reading order with 0 (or '.') for the blank, separated by
// spaces or commas, rows optionally separated by '/': "1 2 3/4 5 6/7 8 0". A
// board may be one quoted argument or n separate ones. The goal is 1..n-1 in reading
// order with the blank last, unless a command takes -goal.
//
// Tables for 2x2, 3x2, 2x3, 3x3, 4x2 and 2x4 are built into the program;
// 'slidetable build' makes the others (every board up to 12 cells), to be
// passed with -table FILE or installed with -install. distance, solve, hint
// and levels ask one optimal solver (package solver): it answers from the
// table of the size where there is one, and otherwise by an IDA* search
// with the best heuristic it has (a pattern database, else Manhattan
// distance and linear conflicts); -ida forces the search even where a table
// exists.
//
// # Where answers come from
//
// Every command that answers about boards asks package source what answers
// for the size, metric and goal, in this order: a -table FILE (a table, a
// pattern database or an abstraction tier, told apart by its first bytes);
// else, for the standard goal, the built-in table, then the installed
// table WxH.tbl (WxH-multi.tbl), then the installed database WxH.pdb
// (WxH-multi.abs), then the built-in 4x4 database; else a search with a
// bound computed from each board (Manhattan distance and linear conflicts,
// or in multi-tile moves the bound of lines).
//
// A -table FILE is used or refused, never passed over, in every command
// that answers about boards (distance, solve, hint, levels, coverage,
// verify, stats, plot, serve) and for every kind of file. Without -metric
// the question is asked in the file's metric: a table's own, single-tile
// moves for a pattern database, multi-tile moves for an abstraction tier.
// A table answers by lookup; a database guides the optimal search, also
// with -ida, even for a size whose table is built in. A file that cannot
// answer the question (another size, metric or goal, a table with -ida, a
// database where stats and plot need distances) is refused with exit 2 and
// a message that names its kind, size, metric and goal and what the
// question needed: "slidetable distance: 4x4-multi.abs, an abstraction
// tier to the standard goal, answers 4x4 in multi-tile moves, not
// single-tile". A file is proven only once it is known to answer, so a
// refusal is immediate. serve takes several -table files of any kinds and
// metrics, each answering the questions of its size and metric. 'slidetable
// info FILE' says what a file holds. Installed files live
// in $SLIDETABLE_CACHE if it is set, else in slidetable in the user's cache
// folder ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
// %LocalAppData% on Windows). An entry there that is not a regular file (a
// directory, a symbolic link to nothing, a loop of them, a device) is
// skipped with one warning on standard error naming it; an installed file
// that cannot be read, or is for another size or goal, is a failure (exit
// 1) that names it and says how to rebuild it.
//
// Nothing answers before it is proven. Tables of up to 10 cells are proven
// as they are read. A 12-cell table (about 1.5 s) or a pattern database (as
// long as building it: about 4 minutes for the large 4x4 tier) is proven on
// its first use on this machine, with a progress bar on standard error, and
// the proof is recorded in the folder of installed files (proofs/, one
// small file named by the content hash of the bytes that were read and
// proven, hashed as they were read); later uses find the record. build
// records the bytes it wrote. A copy of a built-in file, or of the 4x4
// pattern database 'slidetable build 4x4' writes, needs no proof; the
// built-in files and that one are proven by the program's tests. verify
// proves again whatever the records say, and a proof that refutes a file
// removes its record. A record counts only if no other user could have
// written it (it and the folders up to the folder of installed files are
// yours and writable by no one else); otherwise the file is proven again,
// with one warning naming the folder and what is wrong with it. On Windows
// nothing is recorded.
//
// Every command that reads or builds files takes -max-mem SIZE (such as
// 500M or 2G), whose default is $SLIDETABLE_MAX_MEM if set, else half the
// physical memory (half the address-space limit, ulimit -v, if that is
// less). A file, a proof or a build that would need more is refused before
// anything is allocated, with a message naming the need and the limit:
// exit 1 for a file or a proof, 2 for a build asked for. The limit counts
// what files, proofs and builds set aside, at their most: a table or
// pattern database read whole, its decoding buffers, a file read in place
// with every block it may read (60 MB for a 12-cell table, of which one
// board reads one 12 KB block), a proof's or a build's tables. It does not
// count the program itself: its code, the Go runtime, its goroutines'
// stacks and what the garbage collector has not yet given back, which
// come on top: about 10 to 20 MB, more while a file is decoded whole
// (measured: a 4x3 table read in place under -max-mem 70M, 14 MB for one
// board, 78 MB for 20,000 boards on every core; a version 1 4x3 table read
// whole, 348 MB counted, 418 MB at the peak).
//
// distance, solve and hint read boards from standard input, one a line,
// when BOARD is "-", and print one line for each, in the order read (JSON
// lines with -json), solving on every core. A line may be any line gen or
// levels prints, with or without -json, so their output can be piped in;
// blank lines are skipped, and a
// line that is not a board stops the command with an error naming the line
// (exit 2), after the answers of the lines before it. distance, solve, hint,
// levels and coverage take -timeout DURATION (such as 10s or 2m, at most
// 168h; for distance, solve and hint 0, the default, means no limit; levels
// and coverage, whose work has no end of its own, default to 10m): when it
// runs out they stop with one line, "slidetable solve: -timeout 10s ran out
// before the answer", and exit 1; levels first prints the boards it has
// found ("-timeout 10s ran out after 3 of 10 boards"), and a batch the
// answers of the lines before. levels and coverage refuse at once (exit 2),
// saying what would work, what they estimate cannot finish.
//
// # The multi-tile metric
//
// With -metric multi, one move is a tap on any tile in the blank's row or
// column, which slides every tile between it and the blank one cell towards
// the blank (1 to W-1 tiles along a row, 1 to H-1 along a column), as many
// games and speedsolvers count moves. Distances then count those moves (the
// 8-puzzle's largest is 24 instead of 31, the 15-puzzle's 43 instead of
// 80), and a move of solve and hint is the tile tapped, the farthest of
// those that slide, printed with how many slide and which way ("6 (2 tiles
// slide down)"; in JSON "moves" lists the tiles tapped and "slides" the
// counts). Its tables are built in for the same sizes; build -metric multi
// makes the others up to 12 cells, installed as WxH-multi.tbl. A file says
// which metric it answers in: given with -table it sets the metric unless
// -metric says otherwise, and a file of the other metric is refused.
// Without a table (4x4) a search answers, guided by an abstraction tier
// (pattern databases are not lower bounds when one move slides tiles of
// several groups): the built-in one (data/4x4-multi.abs, which -table also
// takes), or the large one 'build -metric multi -install 4x4' makes (about
// 46 s and 450 MB; a uniform 4x4 board then answers in a fraction of a
// second). stats and plot show the published 4x4 distribution in that
// metric (lightln2 2022).
// solvable's answer does not depend on the metric.
//
// The commands:
//
//	build [-o FILE|- | -install] [-metric single|multi] [-q] [-goal BOARD] [-max-mem SIZE] [-workers N] WxH
//		Search every board of the size that can reach the goal and write
//		the table to FILE (default WxH.tbl) through a temporary file,
//		with a progress bar on standard error unless -q. A build that
//		fails or is interrupted (SIGINT, SIGTERM) exits 1 and leaves
//		FILE as it was. FILE must be a regular file or a new name (a
//		device, a FIFO or a directory is refused); -o - writes the table
//		to standard output. Above 12 cells it builds a pattern database
//		instead (default WxH.pdb): for 4x4 the 7-8 tier, about 4 minutes
//		and 1.8 GB, for -table FILE.pdb. With -install the file goes to
//		the folder of installed files (see "Where answers come from"),
//		where every command that answers about boards of the size finds
//		it without -table: build -install 4x4 once, and the 15-puzzle
//		commands use the large tier from then on. A size with a built-in
//		table is refused (exit 2, nothing written): the built-in table
//		answers first, so nothing would read the file. A build records
//		the proof of the file it wrote, so that no command proves it
//		again. With -metric multi, 4x4 builds an abstraction tier
//		(package abstraction; default 4x4-multi.abs, for the standard
//		goal): the exact distances of the boards' arrangements in three
//		classings of the tiles, lower bounds in that metric, a 303 MB
//		file built in about 40 s on two cores and 670 MB, which
//		-table takes as it takes the built-in one.
//	distance [-table FILE] [-ida] [-metric single|multi] [-goal BOARD] [-timeout DURATION] [-max-mem SIZE] [-scramble MOVES] [-json] WxH BOARD|-
//		Print the fewest moves from BOARD to the goal, or "unsolvable".
//		Sizes without a table are answered by IDA*. With "-", one
//		distance a line for the boards of standard input. A -table FILE
//		in multi-tile moves, without -metric, answers in them, which a
//		note on standard error says.
//	solvable [-metric single|multi] [-goal BOARD] [-scramble MOVES] [-json] WxH BOARD
//		Print true or false by the parity rule, for a board of any size.
//	verify [-table FILE] [-metric single|multi] [-goal BOARD] [-max-mem SIZE] [-q] [-json] WxH
//		Prove every distance exact (the goal alone at 0, every other board
//		one move from a board one closer, neighbours never more than one
//		apart), then check the parity rule against the reachable set for
//		every one of the n! permutations; exit 1 naming a wrong board, or
//		on any mismatch. A pattern database is proven entry by entry:
//		each group's search run again, checking each entry when the
//		search first reaches it, or, for a database with an entry for
//		each cell of the blank, a certificate checked in one pass
//		("pattern database: proven exact", or exit 1 naming a group, a
//		placement of its tiles, the entry and what the proof expected).
//		An abstraction tier is proven by a certificate in one pass
//		("abstraction tier: proven exact (multi-tile moves)", or exit 1
//		naming an arrangement). Checks the FILE, which must answer the
//		size in the metric, else the file every other command answers
//		from for the size and metric (built in or installed: 'verify
//		4x4' proves the 4x4 pattern database in use, 'verify -metric
//		multi 4x4' the abstraction tier), else a table built afresh in
//		memory; a proof that passes is recorded.
//	stats [-table FILE] [-metric single|multi] [-list N] [-max-mem SIZE] [-json] WxH|FILE
//		Print the distance distribution: states, God's number, mean,
//		median, a histogram of the number of boards at each distance, and
//		(at most N of) the boards at the largest distance. The table FILE
//		may also be given alone, without -table and the size; a pattern
//		database or an abstraction tier, which holds bounds and not
//		distances, is refused, saying so. For 4x4,
//		which has no table, the published distribution (Korf and Schultze
//		2005) and its 17 published hardest boards, with the source.
//	solve [-table FILE] [-ida] [-metric single|multi] [-goal BOARD] [-notation tiles|letters] [-timeout DURATION] [-max-mem SIZE] [-scramble MOVES] [-json] WxH BOARD|-
//		Print the distance and a shortest solution. Sizes without a table
//		are solved by IDA*: 4x4 with the built-in pattern database or the
//		one of -table FILE.pdb (with -metric multi, an abstraction tier),
//		others with the Manhattan distance and linear conflicts or a
//		pattern database given. With
//		"-", one line a board: the distance, two spaces and the moves
//		("21  5 4 1 ...", "0  none"), or "unsolvable"; with -metric multi
//		each move with how many tiles slide and which way, as for one
//		board ("2  5 (1 tile slides up), 8 (1 tile slides left)").
//		With -notation letters, the moves as speedsolvers write them
//		("RRDL"; "R3D2L" in multi-tile moves).
//	hint [-table FILE] [-ida] [-metric single|multi] [-goal BOARD] [-notation tiles|letters] [-timeout DURATION] [-max-mem SIZE] [-scramble MOVES] [-json] WxH BOARD|-
//		Print every move that brings BOARD one step closer to the goal; by
//		search it costs about one solve. With "-", one line a board: the
//		distance, two spaces and the optimal moves ("31  5 3 1"; with
//		-metric multi, with how many tiles each slides and which way).
//		With -notation letters, each move as speedsolvers write it.
//
// distance, solvable, solve and hint take -scramble MOVES instead of a
// board: the board those moves make from the goal the answer is measured
// to (a -table FILE's own, or -goal), in letters ("RRDL", "R3D2L": the
// way the tiles slide, with how many slide at once) or as tile numbers;
// -scramble "" is the goal itself, as the API's empty scramble= is. A search that runs for more than a second says on
// standard error what it is doing, at each deeper bound (no solution of
// fewer than N moves, the boards looked at). Without -timeout, a search
// expected to take longer than a minute is refused a few seconds in, with
// exit status 1, what it was expected to take, and what would work
// (-timeout to search that long anyway, or a database to build): the
// first iterations give the search's growth from one bound to the next,
// and the strength of its lower bound how far the board likely lies (see
// solver.WithReach). A random 5x5 board, or a random 4x4 board in
// multi-tile moves towards a goal of its own, is refused in about two
// seconds; random 4x4 boards with the built-in database are answered.
//
//	gen [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-goal BOARD] [-json] WxH
//		Print random boards of any size: uniform among the solvable ones,
//		or K-move random walks from the goal with their moves.
//	coverage [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-alpha A] [-goal BOARD] [-table FILE] [-metric single|multi] [-timeout DURATION] [-max-mem SIZE] [-q] [-json] WxH
//		Draw N boards and test how evenly they cover the states:
//		states covered, fewest and most draws, chi-square and p-value;
//		exit 1 if the draws fail the test. For 4x4, solve each board
//		drawn exactly (N defaults to 2000) and test the histogram of
//		their distances against the published distribution, pooling
//		distances that expect fewer than 5 boards: the histogram beside
//		the expected one, chi-square, degrees of freedom and p-value;
//		an -n too small to leave the test a degree of freedom is
//		refused, saying how many boards it takes.
//		Draws that could not be counted within -timeout even at the
//		fastest (100 ns a board, 5 ns a move of a walk) are refused,
//		saying how long they would take.
//	levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-pack] [-table FILE] [-metric single|multi] [-goal BOARD] [-timeout DURATION] [-max-mem SIZE] [-q] [-json] WxH
//		Print N different boards drawn uniformly among those at distances
//		A..B (all of them, if fewer qualify), from the table of the size;
//		a size of up to 10 cells without one, or with a -goal of its own,
//		gets a table built in memory (at most 0.2 s). For sizes without a
//		table (such as 4x4) it solves uniform random boards on every core,
//		with a progress bar unless -q, and prints those in range as they
//		are confirmed, in the order drawn (the same boards for a seed).
//		-max defaults to the largest distance where it is known (4x4: 80);
//		a range beyond it is refused (exit 2), and so is, in auto mode, a
//		range that uniform boards almost never hit (fewer than 1 in 1,000
//		by the published 4x4 distribution, the counts of the 12-cell
//		tables, or for any size a bound from counting the blank's walks,
//		which it quotes), with the advice to use -mode walk: random walks
//		from the goal kept by their exact distance, which are not uniform.
//		-mode filter draws uniform boards anyway, unless about a billion
//		would have to be solved; uniform boards of more than 16 cells are
//		out of reach (only -mode walk). Boards found by solving end with
//		the histogram of their distances on stderr (-q hides it, with the
//		progress bar), or with -json a summary line. -min 80
//		on 4x4 prints the 17 published boards at 80 moves.
//		-pack prints the size's level pack instead: N boards (default 10)
//		at each distance from A (default 1) to B, or every one there is,
//		each with an optimal solution, one JSON object a line as each is
//		solved ({"size":"4x4","metric":"multi","board":[...],"distance":31,
//		"solution":[...],"uniform":true}: the solution is the tiles
//		tapped in order; "uniform" is false for a board of a random walk,
//		where uniform boards cannot be drawn near the goal). Distances far
//		out where uniform boards are too rare for auto and random walks
//		reach them no more often (39 multi-tile moves of 4x4, 68
//		single-tile moves and beyond) are refused before any board is
//		solved, saying how rare, as plain levels refuses them; -mode
//		filter draws them uniformly, saying how many boards it expects to
//		solve, unless no time would see the end. B defaults to the
//		table's largest distance, or for 4x4 to 60 and the published
//		boards at 80 (all 17 of them, unless -n is given), or in
//		multi-tile moves to 39 (38 in auto mode); the seed defaults to 1,
//		so the same command makes the same pack. The packs in data/packs,
//		which games deal from, are made so.
//	plot [-table FILE] [-metric single|multi] [-o FILE.svg|.png|.pdf|.jpg|.tif] [-log] [-width IN] [-height IN] [-dpi N] [-max-mem SIZE] WxH|FILE
//		Draw the distance distribution as a bar chart; for 4x4, the
//		published distribution, labelled as published.
//	serve [-addr HOST:PORT] [-table FILE]... [-search WxH,...] [-timeout D] [-searches N] [-max-level D] [-max-conns N] [-cors ORIGIN]... [-max-mem SIZE] [-q]
//		Serve a game page and a JSON API over HTTP (default on
//		127.0.0.1:8080), answering with the objects of the -json flags:
//		GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1, /api/hint,
//		/api/solve, /api/solvable (same parameters),
//		/api/level?size=3x3&min=20&max=22&seed=1, /api/stats?size=3x3,
//		/api/chart?size=3x3 (SVG) and /api/sizes, each also with
//		metric=multi and (but sizes and chart) goal=BOARD, as -goal;
//		/api/openapi.json is their OpenAPI 3.1 document; /healthz answers
//		ok, and then a line "warning: ..." for each damaged file met,
//		which is logged too.
//		Sizes with a table (built in, installed or -table FILE) answer
//		from it; the -search sizes (4x4) and the sizes of installed and
//		-table databases (any number of files, of any kinds and both
//		metrics, each for the questions of its size and metric) by IDA*
//		within -timeout, at most
//		-searches at once (then 503 with Retry-After; a search that runs
//		out of -timeout gets 422 and "final":true). Bad input gets 400
//		and {"error":"..."}. The page's WebAssembly build is served beside
//		it. A client has 5 s to send its headers and may idle 30 s
//		between requests; at most -max-conns connections are open (and
//		no more than the open-file limit allows, raised to its hard
//		limit), the quiet ones shed first, and a connection beyond them
//		gets 503 with Retry-After. -cors ORIGIN (repeatable, * for any)
//		lets pages of other origins call the API. One log line per
//		request on standard error; SIGINT or SIGTERM stops it cleanly
//		(exit 0) after the requests in flight.
//	web -o DIR
//		Write the game page into the folder DIR as a static site: the
//		files serve serves at /, with slidetable compiled to WebAssembly
//		(the built-in tables and the 4x4 pattern database) and Go's
//		wasm_exec.js, so that any static file server can serve it and the
//		page answers in the browser. Prints the files' number and size.
//	info [-max-mem SIZE] [-json] FILE
//		Print what FILE holds, of any kind: its kind, size, metric and
//		goal, whether it answers exactly or with lower bounds, its
//		entries (boards, entries or arrangements), its length, its
//		content hash, and its proof: certified as read (a table of up to
//		10 cells), known (a copy of a built-in file, or the database
//		'slidetable build 4x4' writes, whose content hash the program
//		knows), recorded (with the record's path) or none (proven on
//		first use). Proves nothing.
//	version
//		Print the program's version, the Go version that built it and the
//		versions of the file formats it reads: the container, which holds
//		tables, pattern databases and abstraction tiers, and the formats
//		before it.
//
// 'slidetable help COMMAND' prints a command's flags and examples on
// standard output; 'slidetable COMMAND -h' prints them on standard error.
//
// # JSON
//
// With -json a command prints one JSON object a line, defined once in
// package api. Every object about boards carries their size as
// "size":"WxH" and, when it is not the standard one, their goal as
// "goal":[cells]. A board is its cells in reading order with 0 for the
// blank; a move is the number of the tile that slides into the blank. A
// value that does not apply is left out, never null: the goal when it is
// the standard one, the distance and moves of a board that cannot reach
// the goal, k and no_undo for uniform draws, first when verify finds no
// mismatch.
//
// Every answer says what answered it, as "source" (stats, whose "source"
// names a published distribution, as "table", and coverage of 4x4 as
// "solver"): where it is ("built-in", "installed", "file" with its "path",
// "given", or "computed": a bound computed from each board, or a table
// built in memory for the question), its kind ("table", "pattern
// database", "abstraction tier", "computed bound"), whether it is "exact"
// (a table) or guides an optimal search, and the content "hash" of its
// file where it is known (shown "…" here):
//
//	"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}
//	"source":{"where":"file","path":"4x4-multi.abs","kind":"abstraction tier","exact":false,"hash":"…"}
//
//	distance  {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}
//	solve     {"size":"3x3","board":[...],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	hint      {"size":"3x3","board":[...],"solvable":true,"distance":31,"moves":[5,3,1]}
//	solvable  {"size":"4x4","board":[...],"solvable":false}
//	verify    {"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0,"first":[...]}
//	          {"size":"3x3","certified":false,"wrong":"...","board":[...],"distance":7}  (a wrong table)
//	          {"size":"4x4","pattern_database":true,"certified":true}
//	          {"size":"4x4","metric":"multi","abstraction_tier":true,"certified":true}
//	          {"size":"4x4","pattern_database":true,"certified":false,"wrong":"...","group":1,
//	           "tiles":[...],"cells":[...],"entry":7,"want":5}  (a wrong pattern database; "blank" too if it keeps one)
//	stats     {"size":"3x3","states":181440,"max":31,"at_max":2,"mean":21.97,"median":22,
//	           "counts":[1,2,...],"hardest":[[6,4,7,...],...]}
//	gen       {"size":"3x3","board":[...],"moves":[6,3,...]}       (moves for walks)
//	coverage  {"size":"3x2","method":"walk","k":20,"no_undo":false,"seed":1,"draws":360000,
//	           "states":360,"distinct":165,"min":0,"max":29983,"chi_square":4827752.9,
//	           "df":359,"p":0,"alpha":0.01,"pass":false}
//	levels    {"size":"3x3","board":[...],"distance":31}
//	          {"size":"4x4","accepted":{"50":3,...},"boards":N}      (last, for boards found by solving)
//	coverage  {"size":"4x4","method":"uniform","seed":1,"draws":2000,"source":"...","observed":[...],
//	           "expected":[...],"bins":[{"lo":0,"hi":36,"observed":8,"expected":5.9},...],
//	           "chi_square":27.7,"df":29,"p":0.53,"alpha":0.01,"pass":true}   (4x4: distances)
//	stats     adds "source" for a published distribution (4x4)
//	info      {"path":"4x4-multi.abs","kind":"abstraction tier","size":"4x4","metric":"multi",
//	           "goal":[...],"exact":false,"entries":20420400,"bytes":4185694,"hash":"…","proof":"known"}
//
// With -metric multi each object also has "metric":"multi", and solve and
// hint add "slides", the number of tiles each move slides:
//
//	solve     {"size":"3x3","metric":"multi","board":[1,2,3,4,0,6,7,5,8],"solvable":true,"distance":2,"moves":[5,8],"slides":[1,1]}
//
// With -goal "0 1 2/3 4 5/6 7 8" each object also has "goal":[0,1,2,3,4,5,6,7,8].
//
// Examples:
//
//	$ slidetable distance 3x3 "8 6 7/2 5 4/3 0 1"
//	31
//	$ slidetable solvable 4x4 "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"
//	false
//	$ slidetable verify -json 3x3
//	{"size":"3x3","certified":true,"permutations":362880,"reachable":181440,"mismatches":0,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}
//	$ slidetable build -o 5x2.tbl 5x2
//	wrote 5x2.tbl: 5x2, 1,814,400 boards reach the goal, God's number 55; 210 KB, built in 155ms
//	$ slidetable solve -json 3x3 "4 1 3/7 2 6/0 5 8"
//	{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8],"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}
//	$ slidetable levels -min 31 -max 31 -seed 1 3x3
//	slidetable levels: only 2 boards are at distances 31..31; printing all of them
//	31  6 4 7/8 5 0/3 2 1
//	31  8 6 7/2 5 4/3 0 1
//	$ slidetable gen -n 3 -seed 1 4x4 | slidetable distance 4x4 -
//	47
//	57
//	55
//	$ slidetable levels -q -min 44 -max 46 -n 3 -seed 1 4x4
//	44  5 4 15 13/2 3 1 0/11 6 8 7/14 10 12 9
//	45  11 5 9 3/13 1 6 4/8 10 15 0/2 7 14 12
//	46  7 3 1 4/8 14 10 15/0 9 13 11/2 6 5 12
//	$ slidetable distance -metric multi 3x3 "8 6 7/2 5 4/3 0 1"
//	20
//	$ slidetable hint -metric multi 3x3 "1 2 3/4 0 5/7 8 6"
//	distance: 2 (multi-tile moves)
//	optimal moves: 5 (1 tile slides left)
//	$ slidetable serve &
//	$ curl 'http://127.0.0.1:8080/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1'
//	{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"…"}}
//
// Results go to standard output, progress and errors to standard error; a
// progress bar only when standard error is a terminal. The exit status is 0
// on success; 1 on failure, where what was asked made sense but could not be
// done (an unreadable or corrupt table file, a file that needs more memory
// than -max-mem, a failed check or coverage test, -timeout run out, a
// folder that does not exist for an output file, serve's address in use,
// or an interruption: Ctrl-C or SIGTERM stops a command with the one line
// "slidetable COMMAND: interrupted"); and 2 for a usage mistake or bad
// input, with a message that names the problem (and quotes only the start
// of a long input): a flag, size or board that is not one, a flag given
// twice (only serve's -table and -cors may be given more than once), and,
// in every command including serve, a path that names a folder, a device
// or a FIFO where a file is wanted (-table /tmp, -o /dev/null).
//
// Every number a flag takes is bounded, so that no value crashes a command,
// makes it allocate without bound or run for ever: -workers 0 to 256,
// -max-mem 1M to 1000T, levels -n and stats -list up to 1,000,000, gen -n
// up to 100,000,000, coverage -n up to 1,000,000,000, -k up to 1,000,000
// moves, plot images up to 100 inches a side and 50 million pixels. levels
// refuses a -min beyond the largest distance of the size. A table file
// must be a regular file. Table files of up to 10 cells are proven correct
// as they are read, 12-cell ones on first use (about 1.5 s on two cores; see
// "Where answers come from").
package main
