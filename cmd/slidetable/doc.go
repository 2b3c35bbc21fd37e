// Slidetable builds exact distance tables for sliding-tile puzzles (the
// 15-puzzle family) and answers questions about boards from them: can this
// board be solved, and in how few moves.
//
// Usage:
//
//	slidetable <command> [flags] [arguments]
//
// A size is written WxH, W columns by H rows: 3x3, 4x2. A board is its
// numbers in reading order with 0 for the blank, separated by spaces or
// commas, rows optionally separated by '/': "1 2 3/4 5 6/7 8 0". A board may
// be one quoted argument or n separate ones. The goal is 1..n-1 in reading
// order with the blank last, unless a command takes -goal.
//
// Tables for 2x2, 3x2, 2x3, 3x3, 4x2 and 2x4 are built into the program;
// 'slidetable build' makes the others (every board up to 12 cells), to be
// passed with -table FILE.
//
// The commands:
//
//	build [-o FILE|-] [-q] [-goal BOARD] [-max-mem SIZE] [-workers N] WxH
//		Search every board of the size that can reach the goal and write
//		the table to FILE (default WxH.tbl) through a temporary file,
//		with a progress bar on standard error unless -q. A build that
//		fails or is interrupted (SIGINT, SIGTERM) exits 1 and leaves
//		FILE as it was. FILE must be a regular file or a new name (a
//		device, a FIFO or a directory is refused); -o - writes the table
//		to standard output.
//	distance [-table FILE | -ida] [-json] WxH BOARD
//		Print the fewest moves from BOARD to the goal, or "unsolvable".
//		Sizes without a table are answered by IDA*.
//	solvable [-goal BOARD] [-json] WxH BOARD
//		Print true or false by the parity rule, for a board of any size.
//	verify [-table FILE] [-q] [-json] WxH
//		Prove every distance exact (the goal alone at 0, every other board
//		one move from a board one closer, neighbours never more than one
//		apart), then check the parity rule against the reachable set for
//		every one of the n! permutations; exit 1 naming a wrong board, or
//		on any mismatch.
//	stats [-list N] [-json] WxH|FILE
//		Print the distance distribution: states, God's number, mean,
//		median, a histogram of the number of boards at each distance, and
//		(at most N of) the boards at the largest distance.
//	solve [-table FILE | -ida] [-json] WxH BOARD
//		Print the distance and a shortest solution. Sizes without a table
//		are solved by IDA* (Manhattan distance and linear conflicts).
//	hint [-table FILE | -ida] [-json] WxH BOARD
//		Print every move that brings BOARD one step closer to the goal.
//	gen [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-json] WxH
//		Print random boards of any size: uniform among the solvable ones,
//		or K-move random walks from the goal with their moves.
//	coverage [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-alpha A] [-json] WxH
//		Draw N boards and test how evenly they cover the states:
//		states covered, fewest and most draws, chi-square and p-value.
//	levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-table FILE] [-json] WxH
//		Print N different boards drawn uniformly among those at distances
//		A..B (all of them, if fewer qualify). Sizes without a table use
//		random walks and IDA*: exact distances, not uniform.
//	plot [-o FILE.svg|.png|.pdf] [-log] [-width IN] [-height IN] [-dpi N] WxH|FILE
//		Draw the distance distribution as a bar chart.
//	serve [-addr HOST:PORT] [-table FILE]... [-search WxH,...] [-timeout D] [-searches N] [-max-level D] [-q]
//		Serve a game page and a JSON API over HTTP (default on
//		127.0.0.1:8080), answering with the objects of the -json flags:
//		GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1, /api/hint,
//		/api/solve (same parameters), /api/level?size=3x3&min=20&max=22&seed=1,
//		/api/stats?size=3x3, /api/chart?size=3x3 (SVG) and /api/sizes.
//		Sizes with a table answer from it, the -search sizes (4x4) by
//		IDA* within -timeout, at most -searches at once (then 503 with
//		Retry-After). Bad input gets 400 and {"error":"..."}. One log
//		line per request on standard error; SIGINT or SIGTERM stops it
//		cleanly (exit 0) after the requests in flight.
//
// 'slidetable help COMMAND' prints a command's flags and examples.
//
// Examples:
//
//	$ slidetable distance 3x3 "8 6 7/2 5 4/3 0 1"
//	31
//	$ slidetable solvable 4x4 "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"
//	false
//	$ slidetable verify -json 3x3
//	{"certified":true,"permutations":362880,"reachable":181440,"mismatches":0}
//	$ slidetable build -o 4x3.tbl 4x3
//	$ slidetable solve -json 3x3 "4 1 3/7 2 6/0 5 8"
//	{"board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	$ slidetable levels -min 31 -max 31 3x3
//	31  8 6 7/2 5 4/3 0 1
//	31  6 4 7/8 5 0/3 2 1
//	$ slidetable serve &
//	$ curl 'http://127.0.0.1:8080/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1'
//	{"board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}
//
// Results go to standard output, progress and errors to standard error. The
// exit status is 0 on success, 1 on failure (an unreadable or corrupt table
// file, a failed check) and 2 for a usage mistake or bad input, with a
// message that names the problem (and quotes only the start of a long
// input).
//
// Every number a flag takes is bounded, so that no value crashes a command,
// makes it allocate without bound or run for ever: -workers 0 to 256,
// -max-mem 1M to 1000T, levels -n and stats -list up to 1,000,000, gen -n
// up to 100,000,000, coverage -n up to 1,000,000,000, -k up to 1,000,000
// moves, plot images up to 100 inches a side and 50 million pixels. levels
// refuses a -min beyond the largest distance of the size. A table file
// must be a regular file. Table files of up to 10 cells are proven correct
// as they are read; 'slidetable verify' proves larger ones (about 8 s for
// 12 cells on two cores).
package main
