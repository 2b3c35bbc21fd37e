// Package parallel spreads a loop over cores: the one loop over a range
// split in chunks, which every package that spreads such a range over its
// cores uses. Two searches keep goroutines of their own, since their
// workers share more than a range: the packed search of package bfs, whose
// workers own blocks and hand each other claims, and the parallel root of
// package ida, whose workers share a bound and stop each other. Workers
// claim the next chunk of the range in order, so each chunk is one call
// and work stays balanced however uneven the chunks are; after a failure
// or the end of the context no new chunk starts; and the error returned is
// that of the lowest-numbered failing chunk, so that the answer does not
// depend on how the goroutines were scheduled. Ordered is the other loop:
// over a stream of items, whose results it hands on in the items' order.
package parallel
