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

// maxSetBytes is the most bytes a set of states bits serializes to: a
// 32-bit roaring bitmap takes at most a bitmap container (8 KiB) and 8
// bytes of header and offsets per 2^16 values, plus a small fixed header.
func maxSetBytes(states uint64) uint64 { return (states/65536+1)*(bitmapBytes+16) + 64 }

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
	h, err := readSetHeader(b, states)
	if err != nil {
		return nil, 0, err
	}
	words := (states + 63) / 64
	dense := mem.Words(words)
	total, err := h.readContainers(b, dense, states)
	if err != nil {
		return nil, 0, err
	}
	if tail := states % 64; tail != 0 && dense[words-1]>>tail != 0 {
		return nil, 0, setError("values beyond %d", states)
	}
	return dense, total, nil
}

// setError returns an error about a reachable set that is not well formed.
func setError(format string, args ...any) error {
	return fmt.Errorf("%w: reachable set: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// setHeaders is what a serialization's headers say: the number of
// containers, which are run containers, where the keys and cardinalities
// and the offsets start, and where the first container starts.
type setHeaders struct {
	size              int
	isRun             []byte // bit i: container i is a run container; nil without runs
	keycards, offsets int
	hasOffsets        bool
	first             int
}

// readSetHeader reads and checks the cookie and the headers of a
// serialization: their lengths fit in b, and the keys increase and stay
// below states.
func readSetHeader(b []byte, states uint64) (*setHeaders, error) {
	le := binary.LittleEndian
	if len(b) < 4 {
		return nil, setError("%d bytes", len(b))
	}
	h := &setHeaders{}
	p := 0
	switch cookie := le.Uint32(b); {
	case cookie&0xFFFF == cookieRuns:
		h.size = int(cookie>>16) + 1
		p = 4 + (h.size+7)/8
		if p > len(b) {
			return nil, setError("%d bytes cannot hold %d containers", len(b), h.size)
		}
		h.isRun = b[4:p]
	case cookie == cookieNoRuns:
		if len(b) < 8 {
			return nil, setError("%d bytes", len(b))
		}
		n := le.Uint32(b[4:])
		if n > 1<<16 {
			return nil, setError("%d containers", n)
		}
		h.size, p = int(n), 8
	default:
		return nil, setError("no roaring cookie")
	}
	h.hasOffsets = h.isRun == nil || h.size >= noOffsetThreshold
	h.keycards = p
	p += 4 * h.size
	h.offsets = p
	if h.hasOffsets {
		p += 4 * h.size
	}
	if p > len(b) {
		return nil, setError("%d bytes cannot hold %d containers", len(b), h.size)
	}
	h.first = p
	last := -1
	for i := range h.size {
		key := int(le.Uint16(b[h.keycards+4*i:]))
		if key <= last {
			return nil, setError("container keys out of order")
		}
		if uint64(key)<<16 >= states {
			return nil, setError("container %d holds values beyond %d", key, states)
		}
		last = key
	}
	return h, nil
}

// readContainers decodes the containers of b into dense and returns the
// number of values.
func (h *setHeaders) readContainers(b []byte, dense []uint64, states uint64) (uint64, error) {
	le := binary.LittleEndian
	p := h.first
	var total uint64
	for i := range h.size {
		key := uint64(le.Uint16(b[h.keycards+4*i:]))
		card := int(le.Uint16(b[h.keycards+4*i+2:])) + 1
		if h.hasOffsets && int(le.Uint32(b[h.offsets+4*i:])) != p {
			return 0, setError("container %d is not at its offset", i)
		}
		var err error
		c := setContainer{key: uint16(key), card: card}
		switch {
		case h.isRun != nil && h.isRun[i/8]&(1<<(i%8)) != 0:
			p, err = c.readRuns(b, p, dense, states)
		case card > maxArray:
			p, err = c.readBitmap(b, p, dense, states)
		default:
			p, err = c.readArray(b, p, dense, states)
		}
		if err != nil {
			return 0, setError("container %d: %v", i, err)
		}
		total += uint64(card)
	}
	if p != len(b) {
		return 0, setError("%d bytes after the last container", len(b)-p)
	}
	return total, nil
}

// readRuns decodes a run container at b[p:] into dense and returns where
// the next container starts: runs sorted, apart, below states, holding
// the container's number of values.
func (c setContainer) readRuns(b []byte, p int, dense []uint64, states uint64) (int, error) {
	le := binary.LittleEndian
	if p+2 > len(b) {
		return 0, fmt.Errorf("truncated")
	}
	runs := int(le.Uint16(b[p:]))
	p += 2
	if runs == 0 || p+4*runs > len(b) {
		return 0, fmt.Errorf("%d runs", runs)
	}
	base := uint64(c.key) << 16
	next, sum := 0, 0 // next: the least start the next run may have
	for r := range runs {
		start := int(le.Uint16(b[p+4*r:]))
		end := start + int(le.Uint16(b[p+4*r+2:])) + 1 // exclusive
		if start < next || end > 1<<16 {
			return 0, fmt.Errorf("runs overlap, touch or overflow")
		}
		if base+uint64(end) > states {
			return 0, fmt.Errorf("values beyond %d", states)
		}
		setRange(dense, base+uint64(start), base+uint64(end))
		sum += end - start
		next = end + 1
	}
	if sum != c.card {
		return 0, fmt.Errorf("%d values, the header says %d", sum, c.card)
	}
	return p + 4*runs, nil
}

// readBitmap decodes a bitmap container at b[p:] into dense and returns
// where the next container starts: no value at or beyond states, and the
// container's number of values.
func (c setContainer) readBitmap(b []byte, p int, dense []uint64, states uint64) (int, error) {
	le := binary.LittleEndian
	if p+bitmapBytes > len(b) {
		return 0, fmt.Errorf("truncated")
	}
	words := uint64(len(dense))
	base := uint64(c.key) << 16
	n := 0
	for j := range bitmapBytes / 8 {
		v := le.Uint64(b[p+8*j:])
		n += bits.OnesCount64(v)
		if w := base/64 + uint64(j); w < words {
			dense[w] = v
		} else if v != 0 {
			return 0, fmt.Errorf("values beyond %d", states)
		}
	}
	if n != c.card {
		return 0, fmt.Errorf("%d values, the header says %d", n, c.card)
	}
	return p + bitmapBytes, nil
}

// readArray decodes an array container at b[p:] into dense and returns
// where the next container starts: values increasing and below states.
func (c setContainer) readArray(b []byte, p int, dense []uint64, states uint64) (int, error) {
	le := binary.LittleEndian
	if p+2*c.card > len(b) {
		return 0, fmt.Errorf("truncated")
	}
	base := uint64(c.key) << 16
	prev := -1
	for j := range c.card {
		v := int(le.Uint16(b[p+2*j:]))
		if v <= prev {
			return 0, fmt.Errorf("values out of order")
		}
		x := base + uint64(v)
		if x >= states {
			return 0, fmt.Errorf("values beyond %d", states)
		}
		dense[x/64] |= 1 << (x % 64)
		prev = v
	}
	return p + 2*c.card, nil
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
