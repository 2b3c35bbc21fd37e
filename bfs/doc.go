// Package bfs finds the distance from a goal board to every board of its
// size that can reach it, by a breadth-first search over the dense index of
// package rank.
//
// The search starts at the goal and visits neighbours level by level. It does
// not assume the parity rule: which boards are reachable is what the search
// finds, recorded in a bit set over all n! indices, and the parity formula of
// package board can be checked against it. The depths are stored one byte a
// slot in a table of n!/2 slots (see rank.Half), which holds one board of
// each pair differing by a swap of the last two tiles. If the search ever
// reached both boards of a pair it would stop with ErrPairReached instead of
// mixing them up.
//
// Run uses all cores by default, honours its context between and within
// levels, and reports progress once a level.
package bfs
