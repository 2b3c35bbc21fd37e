package table

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/slidetable/slidetable/internal/mem"
)

// The portable serialization of a 32-bit roaring bitmap, as
// github.com/RoaringBitmap/RoaringFormatSpec describes it and roaring's
// WriteTo writes it. Part of the file format; do not change.
const (
	cookieNoRuns      = 12346 // uint32; then the number of containers, uint32
	cookieRuns        = 12347 // low 16 bits; high 16 bits: containers - 1
	noOffsetThreshold = 4     // with runs, offsets only from this many containers on
	maxArray          = 4096  // the most values an array container holds
	bitmapBytes       = 8192  // a bitmap container: 2^16 bits
)

// readSet decodes a roaring bitmap in the portable serialization into a
// dense bitset of states bits (bit i in word i/64) and returns it with the
// number of values. It checks everything as it goes, in one pass: the
// containers' keys increase, every value is below states, array values
// increase, runs are sorted and apart, each container holds the number of
// values its header says, the offsets point at the containers, and nothing
// follows the last one. It allocates the bitset only once the container
// headers have passed.
//
// roaring's own ReadFrom and Validate check less and take time quadratic
// in the runs of a container, which a crafted file could use to keep a
// reader busy for hours.
func readSet(b []byte, states uint64) ([]uint64, uint64, error) {
	fail := func(format string, args ...any) ([]uint64, uint64, error) {
		return nil, 0, fmt.Errorf("%w: reachable set: %s", ErrFormat, fmt.Sprintf(format, args...))
	}
	le := binary.LittleEndian
	if len(b) < 4 {
		return fail("%d bytes", len(b))
	}
	var (
		size  int
		isRun []byte // bit i: container i is a run container
		p     int
	)
	switch cookie := le.Uint32(b); {
	case cookie&0xFFFF == cookieRuns:
		size = int(cookie>>16) + 1
		p = 4 + (size+7)/8
		if p > len(b) {
			return fail("%d bytes cannot hold %d containers", len(b), size)
		}
		isRun = b[4:p]
	case cookie == cookieNoRuns:
		if len(b) < 8 {
			return fail("%d bytes", len(b))
		}
		n := le.Uint32(b[4:])
		if n > 1<<16 {
			return fail("%d containers", n)
		}
		size, p = int(n), 8
	default:
		return fail("no roaring cookie")
	}
	hasOffsets := isRun == nil || size >= noOffsetThreshold
	keycards := p
	p += 4 * size
	offsets := p
	if hasOffsets {
		p += 4 * size
	}
	if p > len(b) {
		return fail("%d bytes cannot hold %d containers", len(b), size)
	}
	words := (states + 63) / 64
	last := -1
	for i := range size {
		key := int(le.Uint16(b[keycards+4*i:]))
		if key <= last {
			return fail("container keys out of order")
		}
		if uint64(key)<<16 >= states {
			return fail("container %d holds values beyond %d", key, states)
		}
		last = key
	}

	dense := mem.Words(words)
	var total uint64
	for i := range size {
		key := uint64(le.Uint16(b[keycards+4*i:]))
		card := int(le.Uint16(b[keycards+4*i+2:])) + 1
		if hasOffsets && int(le.Uint32(b[offsets+4*i:])) != p {
			return fail("container %d is not at its offset", i)
		}
		base := key << 16
		switch {
		case isRun != nil && isRun[i/8]&(1<<(i%8)) != 0:
			if p+2 > len(b) {
				return fail("truncated")
			}
			runs := int(le.Uint16(b[p:]))
			p += 2
			if runs == 0 || p+4*runs > len(b) {
				return fail("container %d: %d runs", i, runs)
			}
			next, sum := 0, 0 // next: the least start the next run may have
			for r := range runs {
				start := int(le.Uint16(b[p+4*r:]))
				end := start + int(le.Uint16(b[p+4*r+2:])) + 1 // exclusive
				if start < next || end > 1<<16 {
					return fail("container %d: runs overlap, touch or overflow", i)
				}
				if base+uint64(end) > states {
					return fail("values beyond %d", states)
				}
				setRange(dense, base+uint64(start), base+uint64(end))
				sum += end - start
				next = end + 1
			}
			if sum != card {
				return fail("container %d holds %d values, says %d", i, sum, card)
			}
			p += 4 * runs
		case card > maxArray:
			if p+bitmapBytes > len(b) {
				return fail("truncated")
			}
			n := 0
			for j := range bitmapBytes / 8 {
				v := le.Uint64(b[p+8*j:])
				n += bits.OnesCount64(v)
				if w := base/64 + uint64(j); w < words {
					dense[w] = v
				} else if v != 0 {
					return fail("values beyond %d", states)
				}
			}
			if n != card {
				return fail("container %d holds %d values, says %d", i, n, card)
			}
			p += bitmapBytes
		default:
			if p+2*card > len(b) {
				return fail("truncated")
			}
			prev := -1
			for j := range card {
				v := int(le.Uint16(b[p+2*j:]))
				if v <= prev {
					return fail("container %d: values out of order", i)
				}
				x := base + uint64(v)
				if x >= states {
					return fail("values beyond %d", states)
				}
				dense[x/64] |= 1 << (x % 64)
				prev = v
			}
			p += 2 * card
		}
		total += uint64(card)
	}
	if p != len(b) {
		return fail("%d bytes after the last container", len(b)-p)
	}
	if tail := states % 64; tail != 0 && dense[words-1]>>tail != 0 {
		return fail("values beyond %d", states)
	}
	return dense, total, nil
}

// setRange sets bits [from, to) of dense.
func setRange(dense []uint64, from, to uint64) {
	for from < to {
		w, bit := from/64, from%64
		n := min(64-bit, to-from)
		dense[w] |= (^uint64(0) >> (64 - n)) << bit
		from += n
	}
}
