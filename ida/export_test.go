package ida

// SetParallelNodes sets the nodes an iteration needs for the next to be
// split, and returns the function that restores it.
func SetParallelNodes(n uint64) func() {
	old := parallelNodes
	parallelNodes = n
	return func() { parallelNodes = old }
}
