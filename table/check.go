package table

// checkAll runs check over every slot group in parallel and compares the
// depths found with the counts.
func (t *Table) checkAll() error {
	groups := uint64(len(t.depth)) / t.n
	const chunk = 1 << 16
	nchunks := int((groups + chunk - 1) / chunk)
	parts := make([][]uint64, nchunks)
	err := parallel(nchunks, func(c int) error {
		parts[c] = make([]uint64, len(t.counts))
		from := uint64(c) * chunk
		return t.check(from, min(from+chunk, groups), parts[c])
	})
	if err != nil {
		return err
	}
	hist := make([]uint64, len(t.counts))
	for _, p := range parts {
		for d, c := range p {
			hist[d] += c
		}
	}
	return t.checkCounts(hist)
}
