package table

import (
	"context"

	"github.com/slidetable/slidetable/internal/parallel"
)

// checkAll runs check over every slot group in parallel and compares the
// depths found with the counts.
func (t *Table) checkAll() error {
	groups := uint64(len(t.depth)) / t.n
	const chunk = 1 << 16
	parts := make([][]uint64, (groups+chunk-1)/chunk)
	err := parallel.Chunks(context.Background(), 0, groups, chunk, func(from, to uint64) error {
		c := from / chunk
		parts[c] = make([]uint64, len(t.counts))
		return t.check(from, to, parts[c])
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
