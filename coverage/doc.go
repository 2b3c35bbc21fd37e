// Package coverage measures how evenly a random board generator covers the
// boards that can reach a goal, by the experiment of the 15-puzzle
// literature: draw N boards, count how often each state appears, including
// the states that never do, and compare the counts with the uniform
// distribution by Pearson's chi-square test.
//
// A uniform generator over S states gives counts near N/S everywhere and a
// statistic near its S-1 degrees of freedom, so a p-value that is not small.
// A random walk of k moves gives itself away: on 3x2, after 20 moves the
// blank can only be on cells of one colour of a chessboard, so at most half
// of the 360 states can appear and the p-value is 0.
//
// The counts are kept in memory, one a state, so Measure handles boards of
// at most MaxCells cells (4x2 and 3x3 included, 4x3 not).
//
// For larger boards, where no one can count every state, MeasureDistances
// runs the experiment on distances instead: it draws N boards, finds the
// exact distance of each with a solver it is given, on several goroutines,
// and compares the histogram of the distances with the distribution of the
// whole population (such as the published 4x4 one of package published) by
// the chi-square test, with the distances where fewer than MinExpected
// boards are expected pooled with their neighbours. That checks the
// generator's uniformity and the solver's exactness together.
package coverage
