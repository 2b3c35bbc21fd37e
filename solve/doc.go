// Package solve plays optimally from a distance table: it finds every move
// that brings a board one step closer to the table's goal (Hints), and a
// whole shortest solution found by descending the table's distances (Path).
//
// Each step costs a few table lookups, so a solution of d moves takes O(d)
// time whatever the size of the table. A move is written as the number of
// the tile that slides into the blank. The functions only read the table
// and are safe for concurrent use.
package solve
