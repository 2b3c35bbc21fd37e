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
// passed with -table FILE.
//
// The commands:
//
//	build [-o FILE] [-q] [-goal BOARD] [-max-mem SIZE] [-workers N] WxH
//		Search every board of the size that can reach the goal and write
//		the table to FILE (default WxH.tbl) through a temporary file,
//		with a progress bar on standard error unless -q. A build that
//		fails or is interrupted (SIGINT, SIGTERM) exits 1 and leaves
//		FILE as it was.
//	distance [-table FILE | -ida] [-json] WxH BOARD
//		Print the fewest moves from BOARD to the goal, or "unsolvable".
//		Sizes without a table are answered by IDA*.
//	solvable [-goal BOARD] [-json] WxH BOARD
//		Print true or false by the parity rule, for a board of any size.
//	verify [-table FILE] [-goal BOARD] [-json] WxH
//		Check the parity rule against the reachable set the search found,
//		for every one of the n! permutations; exit 1 on any mismatch.
//	stats [-table FILE] [-list N] [-json] WxH|FILE
//		Print the distance distribution: states, God's number, mean,
//		median, a histogram of the number of boards at each distance, and
//		(at most N of) the boards at the largest distance. The table FILE
//		may also be given alone, without -table and the size.
//	solve [-table FILE | -ida] [-json] WxH BOARD
//		Print the distance and a shortest solution. Sizes without a table
//		are solved by IDA* (Manhattan distance and linear conflicts).
//	hint [-table FILE | -ida] [-json] WxH BOARD
//		Print every move that brings BOARD one step closer to the goal.
//	gen [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-goal BOARD] [-json] WxH
//		Print random boards of any size: uniform among the solvable ones,
//		or K-move random walks from the goal with their moves.
//	coverage [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-alpha A] [-goal BOARD] [-json] WxH
//		Draw N boards and test how evenly they cover the states:
//		states covered, fewest and most draws, chi-square and p-value;
//		exit 1 if the draws fail the test.
//	levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-table FILE] [-json] WxH
//		Print N different boards drawn uniformly among those at distances
//		A..B (all of them, if fewer qualify). Sizes without a table use
//		random walks and IDA*: exact distances, not uniform.
//	plot [-table FILE] [-o FILE.svg|.png|.pdf] [-log] [-width IN] [-height IN] [-dpi N] WxH|FILE
//		Draw the distance distribution as a bar chart.
//	version
//		Print the program's version, the Go version that built it and the
//		table file format version it reads.
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
//	distance  {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}
//	solve     {"size":"3x3","board":[...],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	hint      {"size":"3x3","board":[...],"solvable":true,"distance":31,"moves":[5,3,1]}
//	solvable  {"size":"4x4","board":[...],"solvable":false}
//	verify    {"size":"3x3","permutations":362880,"reachable":181440,"mismatches":0,"first":[...]}
//	stats     {"size":"3x3","states":181440,"max":31,"at_max":2,"mean":21.97,"median":22,
//	           "counts":[1,2,...],"hardest":[[6,4,7,...],...]}
//	gen       {"size":"3x3","board":[...],"moves":[6,3,...]}       (moves for walks)
//	coverage  {"size":"3x2","method":"walk","k":20,"no_undo":false,"seed":1,"draws":360000,
//	           "states":360,"distinct":165,"min":0,"max":29983,"chi_square":4827752.9,
//	           "df":359,"p":0,"alpha":0.01,"pass":false}
//	levels    {"size":"3x3","board":[...],"distance":31}
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
//	{"size":"3x3","permutations":362880,"reachable":181440,"mismatches":0}
//	$ slidetable build -o 4x3.tbl 4x3
//	$ slidetable solve -json 3x3 "4 1 3/7 2 6/0 5 8"
//	{"size":"3x3","board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	$ slidetable levels -min 31 -max 31 3x3
//	31  8 6 7/2 5 4/3 0 1
//	31  6 4 7/8 5 0/3 2 1
//
// Results go to standard output, progress and errors to standard error; the
// progress bar of build only when standard error is a terminal. The exit
// status is 0 on success, 1 on failure (an unreadable or corrupt table
// file, a failed check or coverage test, or an interruption: Ctrl-C or
// SIGTERM stops a command with the one line "slidetable COMMAND:
// interrupted") and 2 for a usage mistake or bad input, with a message that
// names the problem.
package main
