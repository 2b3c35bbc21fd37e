package table

import (
	"context"
)

// Scan calls f with the index (rank.Index) and the distance of each board
// of t whose distance is in [lo, hi], in increasing order of index, until
// f returns false or an error, or ctx is done; it returns f's error, or
// ctx's. It visits the slots group by group rather than ranking each
// index: about a nanosecond a board, the 479,001,600 indices of 12 cells
// in well under a second, where a loop over Lookup takes several. On a
// table read in place it reads each block as it comes to it (all of them,
// unless f stops it first: see Load for the memory) and fails with the
// error of a block that cannot be read or fails its checks.
func (t *Table) Scan(ctx context.Context, lo, hi int, f func(i uint64, d int) (bool, error)) error {
	if t.n == 0 {
		return errZero
	}
	if lo > hi || hi < 0 || lo >= len(t.counts) {
		return nil
	}
	groups := t.slots() / t.n
	const chunk = 1 << 12 // groups between two looks at ctx
	var ds [16]uint8
	for from := uint64(0); from < groups; from += chunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		for k := from; k < min(from+chunk, groups); k++ {
			member, reached, err := t.group(k, &ds)
			if err != nil {
				return err
			}
			// The boards of tile rank 2k, then 2k+1: index order.
			for par := range uint64(2) {
				on := reached &^ member // the slots whose board of rank 2k reaches the goal
				if par == 1 {
					on = reached & member
				}
				base := (2*k | par) * t.n
				for z := range t.n {
					if on>>z&1 == 0 {
						continue
					}
					if d := int(ds[z&15]); d >= lo && d <= hi {
						if more, err := f(base+z, d); err != nil || !more {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}

// group writes into ds the depths of the slots of group k and returns
// which board of each slot reaches the goal: bit z of member says the one
// of tile rank 2k+1, and bit z of reached says one does. A block of a
// table read in place is read if need be.
func (t *Table) group(k uint64, ds *[16]uint8) (member, reached uint64, err error) {
	n := t.n
	all := uint64(1)<<n - 1
	if r := t.rec; r != nil {
		b, bit := r.record(k)
		if !r.Ready(b) {
			if err := r.Load(b); err != nil {
				return 0, 0, err
			}
		}
		r.groupIn(r.block(b), bit, ds)
		r.keep()
		return r.mask, all, nil
	}
	i := 2 * k * n
	rb := t.reach[i/64] >> (i % 64)
	if i%64+2*n > 64 {
		rb |= t.reach[i/64+1] << (64 - i%64)
	}
	copy(ds[:n], t.depth[k*n:k*n+n])
	return rb >> n & all, (rb | rb>>n) & all, nil
}
