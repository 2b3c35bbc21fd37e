package abstraction

import (
	"fmt"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
)

// ErrClosed reports a block of a database read in place that was needed
// after the database was closed: the container's container.ErrClosed,
// which every kind of file shares.
var ErrClosed = container.ErrClosed

// blocks holds what a part of a database read in place needs to read its
// blocks. A lookup reads a block's words the first time it needs one of
// its groups, straight into the part's words, checks them against their
// SHA-256 and never reads them again (container.Cache): an answering file
// has been proven (see DB.Prove), and a block whose bytes match their
// SHA-256 is the block proven. A block that cannot be read or fails its
// checks reads as unknown entries (code 3), for which the heuristic falls
// back to a smaller bound that stays admissible, and the file records the
// error (DB.Err). The proof and WriteTo read the rows' least distances
// too.
type blocks struct {
	// wsec holds the words of each block, raw, or its zstd frame; msec
	// the rows' least distances of each raw block, nil for zstd.
	wsec, msec *container.Section
	dec        *zstd.Decoder // for zstd blocks
	pi         int           // the part, for messages
	enc        uint8
	lay        layout
	groups     uint64 // the part's
	shift      uint   // log2 of the groups a block
	largest    uint8
	words      []uint32 // the part's, whole blocks long
	container.Cache
}

// fill reads the words of block k into their place, or sets them unknown
// if the block cannot be read or fails its checks.
func (b *blocks) fill(k uint64) error {
	lo := k << b.shift
	words := b.words[lo : lo+1<<b.shift]
	if err := b.readWords(k, words); err != nil {
		for i := range words {
			words[i] = ^uint32(0)
		}
		return err
	}
	return nil
}

// adopt sets the words of block k, if they are not in memory yet, to
// words, read and checked by the caller.
func (b *blocks) adopt(k uint64, words []uint32) {
	b.Set(k, func() { copy(b.words[k<<b.shift:], words) })
}

// blockGroupsOf returns the groups of block k.
func (b *blocks) blockGroupsOf(k uint64) uint64 {
	lo := k << b.shift
	return min(uint64(1)<<b.shift, b.groups-lo)
}

// readWords reads the words of block k into words, G of them, and checks
// them against their SHA-256 (and that the last block's padding is zero).
// Raw, they are read where they are kept; zstd, the block is decoded.
func (b *blocks) readWords(k uint64, words []uint32) error {
	if b.enc == encZstd {
		data, err := b.frame(k)
		if err != nil {
			return err
		}
		if b.lay.w != 4 {
			w, _, err := b.fromFrame(k, data)
			copy(words, w)
			return err
		}
		if !fastWords(words, data, int(b.blockGroupsOf(k)), b.lay) {
			_, _, err := b.fromFrame(k, data) // to name the group
			return err
		}
		return nil
	}
	raw := make([]byte, 4<<b.shift)
	if littleEndian {
		raw = wordBytes(words)
	}
	if err := b.wsec.Read(int(k), raw); err != nil {
		return err
	}
	count := b.blockGroupsOf(k)
	if !allZero(raw[4*count:]) {
		return fmt.Errorf("%w: classing %d: the padding after the last group is not zero", ErrFormat, b.pi+1)
	}
	if !littleEndian {
		getWords(words, raw)
	}
	return nil
}

// readBlock reads block k from the file, checked against its SHA-256 (and
// its padding), and returns the words of its groups and, if mins is set,
// their rows' least distances, group by group.
func (b *blocks) readBlock(k uint64, mins bool) ([]uint32, []byte, error) {
	count := int(b.blockGroupsOf(k))
	g := 1 << b.shift
	if b.enc == encZstd {
		data, err := b.frame(k)
		if err != nil {
			return nil, nil, err
		}
		if b.lay.w == 4 {
			words := make([]uint32, count)
			if fastWords(words, data, count, b.lay) {
				return words, unplanes(data[:count*b.lay.h], count, b.lay.h), nil
			}
		}
		return b.fromFrame(k, data)
	}
	raw := make([]byte, 4*g)
	if err := b.wsec.Read(int(k), raw); err != nil {
		return nil, nil, err
	}
	words := make([]uint32, count)
	getWords(words, raw)
	if !allZero(raw[4*count:]) {
		return nil, nil, fmt.Errorf("%w: classing %d: the padding after the last group is not zero", ErrFormat, b.pi+1)
	}
	if !mins {
		return words, nil, nil
	}
	pl := make([]byte, b.lay.h*g)
	if err := b.msec.Read(int(k), pl); err != nil {
		return nil, nil, err
	}
	if !allZero(pl[b.lay.h*count:]) {
		return nil, nil, fmt.Errorf("%w: classing %d: the padding after the last group is not zero", ErrFormat, b.pi+1)
	}
	return words, unplanes(pl[:b.lay.h*count], count, b.lay.h), nil
}

// frame reads the zstd frame of block k, checks it against its SHA-256
// and returns what it decodes to (see layout.frame).
func (b *blocks) frame(k uint64) ([]byte, error) {
	stored, err := b.wsec.ReadNew(int(k))
	if err != nil {
		return nil, err
	}
	data := make([]byte, int(b.blockGroupsOf(k))*(b.lay.h+b.lay.bitBytes()))
	if err := fileformat.DecodeInto(b.dec, stored, data); err != nil {
		return nil, fmt.Errorf("%w: classing %d, block %d: %w", ErrFormat, b.pi+1, k, err)
	}
	return data, nil
}

// fromFrame returns the words and the rows' least distances (group by
// group) of block k from what its frame decodes to.
func (b *blocks) fromFrame(k uint64, data []byte) ([]uint32, []byte, error) {
	count := int(b.blockGroupsOf(k))
	size := b.lay.h + b.lay.bitBytes()
	recs := unplanes(data, count, size)
	words := make([]uint32, count)
	mins := make([]byte, count*b.lay.h)
	for i := range words {
		rec := recs[i*size:][:size]
		w, ok := b.lay.fromBits(rec[:b.lay.h], rec[b.lay.h:])
		if !ok {
			return nil, nil, fmt.Errorf("%w: classing %d, group %d: bits set that no distance has", ErrFormat, b.pi+1, k<<b.shift+uint64(i))
		}
		words[i] = w
		copy(mins[i*b.lay.h:], rec[:b.lay.h])
	}
	return words, mins, nil
}

// fastWords sets words from what the frame of count groups of width 4
// decodes to, a row at a time over the planes, through rowCodes; it
// reports false if a group is one fromBits refuses.
func fastWords(words []uint32, data []byte, count int, l layout) bool {
	words = words[:count]
	clear(words)
	var bad uint16
	for r := range l.h {
		mins := data[r*count : (r+1)*count]
		bits := data[(l.h+r/2)*count:][:len(mins)]
		shift, at := 4*(r%2), 8*r
		words := words[:len(mins)]
		for i, m := range mins {
			v := rowCodes[int(m)<<4|int(bits[i]>>shift&15)]
			words[i] |= uint32(v&0xFF) << at
			bad |= v
		}
	}
	if l.n%8 != 0 {
		for _, v := range data[(l.h+l.bitBytes()-1)*count : (l.h+l.bitBytes())*count] {
			bad |= uint16(v>>(l.n%8)) << 8
		}
	}
	return bad>>8 == 0
}

// rowCodes[m<<4|bits] holds, for a row of four cells whose least distance
// is m and whose cells at m+1 are the bits set, the codes of its cells
// (see code) in its low byte, and bit 8 set for an unreached row with a
// bit set.
var rowCodes = func() []uint16 {
	t := make([]uint16, 256*16)
	one := layout{n: 4, w: 4, h: 1}
	for m := range 256 {
		for bits := range 16 {
			w, ok := one.fromBits([]byte{byte(m)}, []byte{byte(bits)})
			if !ok {
				t[m<<4|bits] = 0x100
				continue
			}
			t[m<<4|bits] = uint16(w)
		}
	}
	return t
}()

// check checks the groups from group lo on, whose words and least
// distances (group by group) are given (see layout.check).
func (b *blocks) check(lo uint64, words []uint32, mins []byte) error {
	for i, w := range words {
		if err := b.lay.check(w, mins[i*b.lay.h:][:b.lay.h], b.largest); err != nil {
			return fmt.Errorf("%w: classing %d, group %d: %w", ErrFormat, b.pi+1, lo+uint64(i), err)
		}
	}
	return nil
}

func allZero(b []byte) bool {
	for _, v := range b {
		if v != 0 {
			return false
		}
	}
	return true
}

// Err returns the first error met reading a block of a database read in
// place: a block that fails its checksum or its checks, or cannot be read,
// or is needed after Close. The entries of such a block read as unknown,
// for which the heuristic falls back to a smaller bound that stays
// admissible: a search using the database still finds shortest solutions,
// only more slowly. Err is nil for a database built in memory.
func (db *DB) Err() error {
	if db.file == nil {
		return nil
	}
	return db.file.Err()
}

// Close closes the file of a database read in place; the blocks already
// read stay usable, and one read first after Close reads as unknown, with
// ErrClosed reported by Err. For a database built in memory it does
// nothing. It returns the error of closing the file, once.
func (db *DB) Close() error {
	if db.file == nil {
		return nil
	}
	return db.file.Close()
}

// ContentHash returns the SHA-256 that identifies the file the database
// was read from, and false for a database that was built, not read: the
// SHA-256 of the header the reader parsed, which holds the SHA-256 of
// every block, and every block is checked against it before its entries
// are used, so two files with the same ContentHash answer the same.
func (db *DB) ContentHash() ([32]byte, bool) { return db.hash, db.file != nil }
