// Package published holds facts about sliding-tile puzzles that were
// computed elsewhere and published, for the sizes beyond the tables this
// module can build: the number of 4x4 boards at each distance from the goal,
// the 4x4 boards that are farthest from it, and Korf's 100 random 4x4 boards
// with their optimal distances, on which optimal solvers are compared.
//
// Nothing here is computed by this module. Each value names its source, and
// commands that show it say that it is published, not computed. Tests check
// the data against the arithmetic it must satisfy (the counts add up to
// 16!/2, half of them have the blank on the goal blank's colour) and, for the
// first distances, against a breadth-first search of our own; the optimal
// solver confirms hardest boards and Korf's distances in the tests of the
// packages that own it.
//
// The counts are those from the standard goal, 1..n-1 in reading order with
// the blank bottom-right.
package published
