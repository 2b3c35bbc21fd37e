package table

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/bitx"
	"github.com/slidetable/slidetable/rank"
)

// A file of records holds the depths as a lookup uses them: a
// record of fixed width for each slot group, so that the depth of any slot
// is a shift, a mask and a population count away, and the file is read in
// place, a block of records at a time (inplace.go). A group's record is
// the fields of its rows, the first row in the lowest bits; each field is
// F bits of the row's first value and then a bit for its slots:
//
//   - in the single-tile metric the depths of a row go up or down by one
//     from slot to slot (a horizontal move keeps the tile sequence). The
//     first value is the depth of the row's first slot halved (its low bit
//     is the parity of the blank's cell, as in encoding 3), and W-1 bits
//     follow, bit j-1 set if the depth of slot j is one more than that of
//     slot j-1;
//   - in the multi-tile metric every board of a row is one move from every
//     other, so that its depths are its least depth m and m+1 (as in
//     encoding 4). The first value is m, and W bits follow, bit j set if
//     the depth of slot j is m+1; at least one is clear.
//
// Records follow each other without padding, bit after bit, from the
// lowest bit of each byte.

// Part of the file format (records); do not change.
const (
	version2        = 2
	minGroupShift   = 3  // a block holds at least 8 groups: whole bytes
	maxGroupShift   = 16 // and at most 65536
	sumSize         = 32 // a block's SHA-256
	recordAlign     = 4096
	recordBlockBits = 16 << 13 // the most bits of records a block the writer makes: 16 KiB
)

// blockSlack is the number of bytes after a block in memory that a lookup
// may load with it: a row's field is read with one 8-byte load.
const blockSlack = 8

// recShape is the layout of the records of a table, which
// follows from its size, its metric and its number of distances, and how
// to decode them.
type recShape struct {
	n, w, h uint64
	multi   bool
	depths  int    // D
	fbits   uint   // F
	fmask   uint64 // 1<<F - 1
	stepsW  uint   // step bits a row: W-1, or W in the multi-tile metric
	rowBits uint64 // F + stepsW
	recBits uint64 // H rows
	groups  uint64 // (n-1)!/2
	shift   uint   // log2 of the groups a block
	gmask   uint64 // 1<<shift - 1
	blocks  uint64
	// dshift is 1 in the single-tile metric, where the first value is a
	// depth halved and a step counts twice, and 0 in the multi-tile one.
	dshift uint
	cell   [16]cellCode
	// rowPar[r] is the parity of the depth of the first slot of row r (the
	// single-tile metric).
	rowPar [16]uint8
	// off[p][c] is the depth of slot c of a row whose step bits are p,
	// less the row's first depth (or least depth); lo[p] and hi[p] are the
	// least and the most over the row.
	off    [][MaxCells]int8
	lo, hi []int8
}

// cellCode says where the depth of the slot with the blank in a cell is in
// a record and how to decode it: the depth is first<<dshift + base +
// popcount(steps & sel)<<dshift, first and steps read from the row's field
// at bit off of the record.
type cellCode struct {
	off  uint8
	base int8
	sel  uint16
}

// firstBits returns F, the bits of a row's first value in a table of the
// metric with depths distances.
func firstBits(metric board.Metric, depths int) uint {
	most := uint(max(depths-1, 0)) // the largest depth
	if metric == board.SingleTile {
		most >>= 1
	}
	return uint(bits.Len(most))
}

// newRecShape returns the shape of the records of a table of the given
// size, goal blank cell, metric and number of distances, in blocks of
// 1<<shift groups, or if shift is 0 (the writer's choice) of as many
// groups as hold at most blockBits bits of records.
func newRecShape(size board.Size, goalBlank int, metric board.Metric, depths int, shift uint, blockBits uint64) *recShape {
	n, w := uint64(size.Cells()), uint64(size.W)
	s := &recShape{n: n, w: w, h: uint64(size.H), multi: metric == board.MultiTile, depths: depths,
		fbits: firstBits(metric, depths), groups: rank.Factorial(int(n)-1) / 2}
	s.fmask = 1<<s.fbits - 1
	s.stepsW = uint(w - 1)
	if s.multi {
		s.stepsW = uint(w)
	} else {
		s.dshift = 1
	}
	s.rowBits = uint64(s.fbits + s.stepsW)
	s.recBits = s.h * s.rowBits
	if shift == 0 {
		shift = maxGroupShift
		for shift > minGroupShift && s.recBits<<shift > blockBits {
			shift--
		}
	}
	s.shift, s.gmask = shift, 1<<shift-1
	s.blocks = (s.groups + s.gmask) >> shift
	g := uint64(goalBlank)
	for z := range n {
		r, c := z/w, z%w
		cc := &s.cell[z]
		cc.off = uint8(r * s.rowBits)
		if s.multi {
			cc.sel = 1 << c
		} else {
			par := uint8((r + g/w + g%w) & 1)
			s.rowPar[r] = par
			cc.base = int8(par) - int8(c)
			cc.sel = 1<<c - 1
		}
	}
	s.patterns()
	return s
}

// patterns fills off, lo and hi for every pattern of a row's step bits.
func (s *recShape) patterns() {
	np := 1 << s.stepsW
	s.off = make([][MaxCells]int8, np)
	s.lo, s.hi = make([]int8, np), make([]int8, np)
	for p := range np {
		o := &s.off[p]
		for c := range s.w {
			if s.multi {
				o[c] = int8(p >> c & 1)
			} else {
				o[c] = int8(2*bits.OnesCount64(uint64(p)&(1<<c-1))) - int8(c)
			}
			s.lo[p], s.hi[p] = min(s.lo[p], o[c]), max(s.hi[p], o[c])
		}
	}
}

// record returns the block of group k's record and the bit of the block
// where it starts.
func (s *recShape) record(k uint64) (b, bit uint64) { return k >> s.shift, (k & s.gmask) * s.recBits }

// blockGroups returns the first group of block b and the number of groups
// it holds.
func (s *recShape) blockGroups(b uint64) (first, count uint64) {
	first = b << s.shift
	return first, min(1<<s.shift, s.groups-first)
}

// fullBytes returns the bytes of a block but the last, whose groups are
// 1<<shift, at least 8: whole bytes.
func (s *recShape) fullBytes() uint64 { return s.recBits << s.shift / 8 }

// blockBytes returns the bytes of block b in the file.
func (s *recShape) blockBytes(b uint64) uint64 {
	_, count := s.blockGroups(b)
	return (count*s.recBits + 7) / 8
}

// recordBytes returns the bytes of all the records in the file.
func (s *recShape) recordBytes() uint64 {
	return (s.blocks-1)*s.fullBytes() + s.blockBytes(s.blocks-1)
}

// depthIn returns the depth of the slot with the blank in cell z of the
// group whose record starts at bit i of blk, a block in memory followed by
// blockSlack bytes.
func (s *recShape) depthIn(blk []byte, i uint64, z uint64) int {
	c := &s.cell[z&15]
	i += uint64(c.off)
	x := binary.LittleEndian.Uint64(blk[i>>3:]) >> (i & 7)
	return int(x&s.fmask)<<s.dshift + int(c.base) + bits.OnesCount64(x>>s.fbits&uint64(c.sel))<<s.dshift
}

// groupIn writes into ds the depths of the n slots of the group whose
// record starts at bit i of blk.
func (s *recShape) groupIn(blk []byte, i uint64, ds *[16]uint8) {
	w := s.w
	for r := range s.h {
		x := binary.LittleEndian.Uint64(blk[i>>3:]) >> (i & 7)
		d0 := int(x&s.fmask)<<s.dshift + int(s.rowPar[r])
		o := &s.off[x>>s.fbits&(1<<s.stepsW-1)]
		for c := range w {
			ds[(r*w+c)&15] = uint8(d0 + int(o[c]))
		}
		i += s.rowBits
	}
}

// checkBlock checks that the count records of a block, from group first
// on, are well formed: every depth they give lies in 0..D-1, a row of the
// multi-tile metric has a slot at its least depth, and the bits after the
// last record are zero. Its error names the first group that fails.
func (s *recShape) checkBlock(blk []byte, first, count uint64) error {
	top := s.depths - 1
	var i uint64
	for g := range count {
		for r := range s.h {
			x := binary.LittleEndian.Uint64(blk[i>>3:]) >> (i & 7)
			f, p := int(x&s.fmask), x>>s.fbits&(1<<s.stepsW-1)
			d0 := f<<s.dshift + int(s.rowPar[r])
			switch {
			case s.multi && p == 1<<s.stepsW-1:
				return fmt.Errorf("slot group %d, row %d: no slot at the row's least depth", first+g, r)
			case d0+int(s.lo[p]) < 0 || d0+int(s.hi[p]) > top:
				return fmt.Errorf("slot group %d, row %d: a distance beyond 0..%d", first+g, r, top)
			}
			i += s.rowBits
		}
	}
	if end := count * s.recBits; end%8 != 0 && blk[end/8]>>(end%8) != 0 {
		return fmt.Errorf("stray bits after the record of slot group %d, the last", first+count-1)
	}
	return nil
}

// rowKeys returns the number of kinds of row that countRows tells apart.
func (s *recShape) rowKeys() uint64 { return 2 * (s.fmask + 1) << s.stepsW }

// countRows adds to rows, of rowKeys counters, the rows of the count
// records of a block, by their first value, their step bits and the parity
// of their first depth: all that decides the depths of their slots.
func (s *recShape) countRows(blk []byte, count uint64, rows []uint64) {
	np := uint64(1) << s.stepsW
	var i uint64
	for range count {
		for r := range s.h {
			x := binary.LittleEndian.Uint64(blk[i>>3:]) >> (i & 7)
			key := (uint64(s.rowPar[r])*(s.fmask+1)+x&s.fmask)*np + x>>s.fbits&(np-1)
			rows[key]++
			i += s.rowBits
		}
	}
}

// spread adds to hist the number of slots at each depth of the rows that
// countRows counted.
func (s *recShape) spread(rows []uint64, hist []uint64) {
	np := uint64(1) << s.stepsW
	for key, c := range rows {
		if c == 0 {
			continue
		}
		p := uint64(key) % np
		f := uint64(key) / np
		d0 := int(f%(s.fmask+1))<<s.dshift + int(f/(s.fmask+1))
		for _, o := range s.off[p][:s.w] {
			hist[d0+int(o)] += c
		}
	}
}

// encodeRecords codes the records of block b of the table of src, whose
// shape is s, into buf's space; the result is valid until the next call
// with buf. It returns errModel if the depths cannot be coded so: a slot
// has no depth, a depth is D or more, or the depths of a row do not follow
// the moves of the metric.
func encodeRecords(src *source, s *recShape, b uint64, buf *rowBuffers) ([]byte, error) {
	first, count := s.blockGroups(b)
	start, end := first*s.n, (first+count)*s.n
	var firsts, steps []byte
	var err error
	if s.multi {
		firsts, steps, err = leastRowData(src, start, end, buf)
	} else {
		firsts, steps, err = rowData(src, start, end, buf)
	}
	if err != nil {
		return nil, err
	}
	rows := count * s.h
	if uint64(len(firsts)) != rows || uint64(len(steps)) != (rows*uint64(s.stepsW)+7)/8 {
		return nil, errModel
	}
	out := bitx.Appender{Out: buf.out[:0]}
	if need := int(s.fullBytes()) + 8; cap(out.Out) < need {
		out.Out = make([]byte, 0, need)
	}
	top := uint8(s.depths - 1)
	for i, f := range firsts {
		r := uint64(i) % s.h
		if f > top || !s.multi && f&1 != s.rowPar[r] {
			return nil, errModel
		}
		out.Add(uint64(f>>s.dshift), s.fbits)
		out.Add(readBits(steps, uint64(i)*uint64(s.stepsW), uint64(s.stepsW)), s.stepsW)
	}
	blk := out.Flush()
	buf.out = blk
	// The rows' least depths came from the depths, their ranges did not:
	// check every row as the reader will.
	check := append(blk, make([]byte, blockSlack)...)
	if err := s.checkBlock(check, first, count); err != nil {
		return nil, errModel
	}
	return blk[:len(blk):len(blk)], nil
}
