package table

// An adaptive binary range coder, the one of LZMA: each bit is coded with a
// probability that the bit is 0, held in 12 bits and moved a thirty-second
// of the way towards each bit coded with it. Encoding is deterministic.
// These constants, the initial probability and the update rule decide the
// bytes of encoding 2: part of the file format; do not change.
const (
	probBits = 12
	probInit = 1 << (probBits - 1)
	moveBits = 5
	rcTop    = 1 << 24
)

// prob is the adaptive probability, out of 1<<probBits, that a bit is 0.
type prob uint16

// newProbs returns n probabilities of one half.
func newProbs(n int) []prob {
	p := make([]prob, n)
	for i := range p {
		p[i] = probInit
	}
	return p
}

// rcEncoder writes a range-coded stream.
type rcEncoder struct {
	low       uint64
	rng       uint32
	cache     byte
	cacheSize int
	out       []byte
}

func newRCEncoder(out []byte) *rcEncoder {
	return &rcEncoder{rng: 0xFFFFFFFF, cacheSize: 1, out: out}
}

func (e *rcEncoder) shiftLow() {
	if uint32(e.low) < 0xFF000000 || e.low >= 1<<32 {
		carry := byte(e.low >> 32)
		b := e.cache
		for ; e.cacheSize > 0; e.cacheSize-- {
			e.out = append(e.out, b+carry)
			b = 0xFF
		}
		e.cache = byte(e.low >> 24)
	}
	e.cacheSize++
	e.low = e.low & 0x00FFFFFF << 8
}

// bit codes b (0 or 1) with probability p and updates p.
func (e *rcEncoder) bit(p *prob, b uint) {
	bound := e.rng >> probBits * uint32(*p)
	if b == 0 {
		e.rng = bound
		*p += (1<<probBits - *p) >> moveBits
	} else {
		e.low += uint64(bound)
		e.rng -= bound
		*p -= *p >> moveBits
	}
	for e.rng < rcTop {
		e.rng <<= 8
		e.shiftLow()
	}
}

// finish flushes the stream and returns it.
func (e *rcEncoder) finish() []byte {
	for range 5 {
		e.shiftLow()
	}
	return e.out
}

// rcDecoder reads a stream written by rcEncoder. Reading past the end of
// the stream yields zero bytes and marks the stream as bad; so does a
// stream that does not start with the zero byte every stream starts with.
type rcDecoder struct {
	code, rng uint32
	in        []byte
	pos       int
	bad       bool
}

func newRCDecoder(in []byte) *rcDecoder {
	d := &rcDecoder{rng: 0xFFFFFFFF, in: in}
	d.bad = len(in) == 0 || in[0] != 0
	for range 5 {
		d.code = d.code<<8 | uint32(d.next())
	}
	return d
}

func (d *rcDecoder) next() byte {
	if d.pos >= len(d.in) {
		d.bad = true
		d.pos++
		return 0
	}
	b := d.in[d.pos]
	d.pos++
	return b
}

// bit decodes a bit with probability p and updates p.
func (d *rcDecoder) bit(p *prob) uint {
	bound := d.rng >> probBits * uint32(*p)
	var b uint
	if d.code < bound {
		d.rng = bound
		*p += (1<<probBits - *p) >> moveBits
	} else {
		d.code -= bound
		d.rng -= bound
		*p -= *p >> moveBits
		b = 1
	}
	for d.rng < rcTop {
		d.rng <<= 8
		d.code = d.code<<8 | uint32(d.next())
	}
	return b
}

// ok reports whether the stream was read exactly to its end.
func (d *rcDecoder) ok() bool { return !d.bad && d.pos == len(d.in) }
