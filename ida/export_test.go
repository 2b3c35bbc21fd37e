package ida

// SetParallelNodes sets the nodes an iteration needs for the next to be
// split, and returns the function that restores it.
func SetParallelNodes(n uint64) func() {
	old := parallelNodes
	parallelNodes = n
	return func() { parallelNodes = old }
}

// Busy returns the goroutines counted at work for the searches of s.
func Busy(s *Searcher) int64 { return s.busy.Load() }

// Enter counts a search of s in, as Search does, and returns the function
// that counts it out.
func Enter(s *Searcher) func() { return s.enter() }

// Share takes the extra workers a search of s would split an iteration
// among, as iterate does, and returns their number.
func Share(s *Searcher) int { return s.share() }

// GiveBack gives back n workers that Share took.
func GiveBack(s *Searcher, n int) { s.busy.Add(-int64(n)) }
