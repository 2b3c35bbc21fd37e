package bfs

// During the small search (small.go) each slot of the depth table is one
// byte: 0 for a slot not reached yet, else depth+1 in the low seven bits
// and, in the high bit (pairBit), which board of the slot's pair was
// reached: the low bit of its tile rank. It claims slots with claim and
// turns the bytes into Result.Depth and Result.Reach with settle. The
// packed search keeps its slots in a word a group instead (see shape) and
// claims them in batches with pworker.claimAll.
const pairBit = 0x80

// claim records that the board of slot k of bytes, the one whose tile rank
// has low bit odd (0 or 1), was reached with byte v (its depth+1), unless
// the slot was reached before, and sets the slot's bit in front if it is
// new. It returns 1 if the slot is new, else 0, and in bad's pairBit
// whether the slot held the other board of its pair, which the caller must
// report as ErrPairReached.
//
// It has no branches, which the processor could not predict: whether a
// neighbour is new is close to a coin toss in the middle levels.
func claim(bytes []uint8, front []uint64, k uint64, v uint8, odd uint64) (isNew uint64, bad uint8) {
	hi := uint8(odd) << 7
	c := bytes[k]
	n := b2u8(c == 0)
	bytes[k] = c | (v|hi)&-n
	front[k/64] |= uint64(n) << (k % 64)
	return uint64(n), (c ^ hi) & (n - 1)
}

// settle returns the depth Result.Depth holds for the slot of group k and
// blank cell z, of a board of n cells, whose search byte is v, and sets in
// reach the bit of the board reached, if any.
func settle(v uint8, k, z, n uint64, reach []uint64) uint8 {
	if v == 0 {
		return Unreached
	}
	i := (2*k+uint64(v>>7))*n + z
	reach[i/64] |= 1 << (i % 64)
	return v&^pairBit - 1
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
