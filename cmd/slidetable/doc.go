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
// passed with -table FILE. distance, solve, hint and levels ask one optimal
// solver (package solver): it answers from the table of the size where
// there is one, and otherwise by an IDA* search with the best heuristic it
// has (Manhattan distance and linear conflicts by default); -ida forces the
// search even where a table exists.
//
// distance, solve and hint read boards from standard input, one a line,
// when BOARD is "-", and print one line for each, in the order read (JSON
// lines with -json), solving on every core; blank lines are skipped, and a
// line that is not a board stops the command with an error naming the line
// (exit 2), after the answers of the lines before it. distance, solve, hint
// and levels take -timeout DURATION (such as 10s or 2m, at most 168h; 0,
// the default, means no limit): when it runs out they stop with one line,
// "slidetable solve: -timeout 10s ran out before the answer", and exit 1;
// levels first prints the boards it has found ("-timeout 10s ran out after
// 3 of 10 boards"), and a batch the answers of the lines before.
//
// The commands:
//
//	build [-o FILE] [-q] [-goal BOARD] [-max-mem SIZE] WxH
//		Search every board of the size that can reach the goal and write
//		the table to FILE (default WxH.tbl) through a temporary file,
//		with a progress bar on standard error unless -q. A build that
//		fails or is interrupted (SIGINT, SIGTERM) exits 1 and leaves
//		FILE as it was.
//	distance [-table FILE | -ida] [-timeout DURATION] [-json] WxH BOARD|-
//		Print the fewest moves from BOARD to the goal, or "unsolvable".
//		Sizes without a table are answered by IDA*. With "-", one
//		distance a line for the boards of standard input.
//	solvable [-goal BOARD] [-json] WxH BOARD
//		Print true or false by the parity rule, for a board of any size.
//	verify [-table FILE] [-json] WxH
//		Check the parity rule against the reachable set the search found,
//		for every one of the n! permutations; exit 1 on any mismatch.
//	stats [-list N] [-json] WxH|FILE
//		Print the distance distribution: states, God's number, mean,
//		median, a histogram of the number of boards at each distance, and
//		(at most N of) the boards at the largest distance.
//	solve [-table FILE | -ida] [-timeout DURATION] [-json] WxH BOARD|-
//		Print the distance and a shortest solution. Sizes without a table
//		are solved by IDA* (Manhattan distance and linear conflicts). With
//		"-", one line a board: the distance, two spaces and the moves
//		("21  5 4 1 ...", "0  none"), or "unsolvable".
//	hint [-table FILE | -ida] [-timeout DURATION] [-json] WxH BOARD|-
//		Print every move that brings BOARD one step closer to the goal; by
//		search it costs about one solve. With "-", one line a board: the
//		distance, two spaces and the optimal moves ("31  5 3 1").
//	gen [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-json] WxH
//		Print random boards of any size: uniform among the solvable ones,
//		or K-move random walks from the goal with their moves.
//	coverage [-method uniform|walk] [-k K] [-no-undo] [-n N] [-seed S] [-alpha A] [-json] WxH
//		Draw N boards and test how evenly they cover the states:
//		states covered, fewest and most draws, chi-square and p-value.
//	levels [-min A] [-max B] [-n N] [-seed S] [-mode auto|exact|filter|walk] [-table FILE] [-timeout DURATION] [-q] [-json] WxH
//		Print N different boards drawn uniformly among those at distances
//		A..B (all of them, if fewer qualify). For sizes without a table
//		(such as 4x4) it solves uniform random boards on every core, with
//		a progress bar unless -q, and prints those in range as they are
//		confirmed, in the order drawn (the same boards for a seed). -max
//		defaults to the largest distance where it is known (4x4: 80); a
//		range beyond it is refused (exit 2), and so is, in auto mode, a
//		range that uniform boards almost never hit (4x4 closer than 35
//		moves), with the advice to use -mode walk: random walks from the
//		goal kept by their exact distance, which are not uniform. -mode
//		filter draws uniform boards anyway.
//	plot [-o FILE.svg|.png|.pdf] [-log] [-width IN] [-height IN] [-dpi N] WxH|FILE
//		Draw the distance distribution as a bar chart.
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
//	{"permutations":362880,"reachable":181440,"mismatches":0}
//	$ slidetable build -o 4x3.tbl 4x3
//	$ slidetable solve -json 3x3 "4 1 3/7 2 6/0 5 8"
//	{"board":[4,1,3,7,2,6,0,5,8],"solvable":true,"distance":6,"moves":[7,4,1,2,5,8]}
//	$ slidetable levels -min 31 -max 31 3x3
//	31  8 6 7/2 5 4/3 0 1
//	31  6 4 7/8 5 0/3 2 1
//	$ slidetable gen -n 3 -seed 1 4x4 | slidetable distance 4x4 -
//	47
//	57
//	55
//	$ slidetable levels -q -min 44 -max 46 -n 3 -seed 1 4x4
//	44  5 4 15 13/2 3 1 0/11 6 8 7/14 10 12 9
//	45  11 5 9 3/13 1 6 4/8 10 15 0/2 7 14 12
//	46  7 3 1 4/8 14 10 15/0 9 13 11/2 6 5 12
//
// Results go to standard output, progress and errors to standard error. The
// exit status is 0 on success, 1 on failure (an unreadable or corrupt table
// file, a failed check, -timeout run out) and 2 for a usage mistake or bad input, with a
// message that names the problem.
package main
