// Package levels picks boards by their exact distance from the goal, the
// way a game picks levels of a chosen difficulty: Sample returns boards
// drawn uniformly among those whose distance, read from a table, lies in a
// range [lo, hi].
//
// It has two ways to draw, and by default takes the one it expects to be
// faster:
//
//   - Exact numbers the Q boards in the range by their order in the table,
//     picks ranks uniformly among 0..Q-1 without replacement, and finds the
//     boards of those ranks in one scan of the table. Nothing is rejected,
//     so asking for the two boards 31 moves from the 3x3 goal costs one pass
//     over 362,880 indices, a few milliseconds.
//   - Filter draws boards uniformly among all that can reach the goal (gen's
//     generator A) and keeps those in the range that it has not kept
//     before. It costs about R/Q draws a board for R reachable boards, which
//     is cheap for a wide range and, for big tables, much cheaper than a scan.
//
// Both are uniform over the qualifying boards: every set of n distinct
// qualifying boards is equally likely, and the boards come in random order.
// A result never holds the same board twice. If n exceeds Q, the number of
// qualifying boards, Sample returns all Q of them, in random order, and no
// error: the caller can tell by the length of the result, and Count gives Q
// beforehand.
//
// Find lists qualifying boards in table order, for showing, say, every board
// at the largest distance.
//
// Walks serves sizes too large for a table, such as 4x4: it scrambles the
// goal by random walks and keeps the boards whose exact distance, found by
// IDA* (package ida), is in range. The distances are exact, but the boards
// are not uniform among the qualifying ones.
package levels
