package gen

import "math/rand/v2"

// stream is the stream of every seeded random source (NewRand): part of
// what a seed means, so that the same seed gives the same boards in every
// release and front end; do not change.
const stream = 0x736c696465 // "slide"

// NewRand returns the random source of seed: a PCG of the seed and the
// module's one stream. It is the source of 'slidetable gen -seed S' and of
// the other commands' -seed, of slidetable_random in the C library and of
// random in the WebAssembly module, so that a seed gives the same boards
// in each of them.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream))
}
