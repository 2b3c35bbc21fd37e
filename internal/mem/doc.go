// Package mem allocates the large tables of the search and of a table in
// memory, asking the kernel to back them with huge pages where it can, and
// says how much memory a build or a reader may take when nobody says
// otherwise (DefaultLimit: half the physical memory).
//
// Lookups and the search read and write these tables at random; with 4 KiB
// pages nearly every such access also misses the processor's TLB, and
// touching the memory for the first time takes a page fault every 4 KiB.
// The advice is only a hint: where it is not available or not taken, the
// tables are ordinary Go memory all the same.
package mem
