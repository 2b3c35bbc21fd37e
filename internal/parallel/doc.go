// Package parallel spreads a loop over cores: the one parallel loop of
// this module, which every package that works on all cores uses. Workers
// claim the next chunk of the range in order, so each chunk is one call
// and work stays balanced however uneven the chunks are; after a failure
// or the end of the context no new chunk starts; and the error returned is
// that of the lowest-numbered failing chunk, so that the answer does not
// depend on how the goroutines were scheduled.
package parallel
