// Package published holds the facts about sizes of sliding-tile puzzles
// that are known before any table is built here: God's number of each
// size whose every board has been searched, in both metrics (MaxDistance);
// the number of boards at each distance from the goal (DistributionOf),
// for 4x4 and, in the multi-tile metric, every size of up to 12 cells, as
// published elsewhere, and for the 12-cell sizes in single-tile moves, as
// counted by this module's own search; the 4x4 boards that are farthest
// from the goal; and Korf's 100 random 4x4 boards with their optimal
// distances, on which optimal solvers are compared. Every other package
// asks here, so that each fact is written once.
//
// Each value names its source. What was computed elsewhere says where it
// was published, and commands that show it say that it is published, not
// computed; what this module counted says so (Distribution.Counted), and
// a long test builds the table again and compares. Tests check the data
// against the arithmetic it must satisfy (the counts add up to n!/2, half
// of them have the blank on the goal blank's colour) and, for the first
// distances, against a breadth-first search of our own; the optimal
// solver confirms hardest boards and Korf's distances in the tests of the
// packages that own it.
//
// The counts are those from the standard goal, 1..n-1 in reading order with
// the blank bottom-right.
package published
