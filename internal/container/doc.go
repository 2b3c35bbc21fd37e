// Package container reads the files of every kind (exact tables, additive
// pattern databases, abstraction tiers) in place: a File is an open file
// that Close may close while lookups read it; a Section is a run of its
// blocks, each named by its SHA-256, which Section.Read checks before any
// of the block is used; a Cache says which blocks are in memory and reads
// each, once, the first time a lookup needs it. A kind keeps only what is
// its own: where a block lies in memory, the checks of its contents, and
// what a block that fails reads as.
//
// A File, a Section and a Cache are safe for concurrent use.
package container
