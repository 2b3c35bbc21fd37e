package bfs

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/rank"
)

// The search keeps one byte a slot, eight slots a word, in lanes: 0 for a
// slot not reached yet, else depth+1 in the low seven bits and, in the high
// bit, the low bit of the tile rank of the board reached (which of the two
// boards of the slot it is). Words are read with atomic loads and changed
// with compare-and-swap, so workers may claim slots anywhere.
//
// Moves change the colour of the blank's cell on a checkerboard, so the
// boards at one depth all have their blank on one colour: a level scans
// only the slots of that colour, a word at a time. The slots are cut into
// regions of regionWords words; a bit a region says whether it holds boards
// of the depth being expanded, so sparse levels skip most of the table.
const (
	regionShift = 11
	regionWords = 1 << regionShift
	lo7         = 0x7F7F7F7F7F7F7F7F
	hi1         = 0x8080808080808080
	ones        = 0x0101010101010101
)

var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// byteShift returns the shift of byte b (0..7, in memory order) within a
// word.
func byteShift(b uint64) uint64 {
	if littleEndian {
		return b * 8
	}
	return (7 - b) * 8
}

// search is the state of one Run.
type search struct {
	w, n   int
	slots  uint64
	lanes  []uint64
	period uint64           // words after which the colour pattern repeats
	colour [2][12]uint64    // colour[c][j%period]: 0x80 in each byte of word j whose blank cell has colour c
	fact   [MaxCells]uint64 // fact[i] = (n-2-i)!, the weight of Lehmer digit i of a tile sequence
	cur    []uint64         // a bit a region: it holds boards of the depth being expanded
	next   []uint64         // a bit a region: boards found at the next depth
	goalC  int              // colour of the goal's blank cell
	failed atomic.Uint32    // 1: a pair was reached
}

func cellColour(z, w int) int { return (z/w + z%w) & 1 }

func newSearch(goal board.Board) *search {
	size := goal.Size()
	n := size.Cells()
	slots := rank.Factorial(n) / 2
	words := (slots + 7) / 8
	regions := (words + regionWords - 1) / regionWords
	s := &search{
		w:      size.W,
		n:      n,
		slots:  slots,
		lanes:  make([]uint64, words),
		period: uint64(n / gcd(n, 8)),
		cur:    make([]uint64, (regions+63)/64),
		next:   make([]uint64, (regions+63)/64),
		goalC:  cellColour(goal.Blank(), size.W),
	}
	for i := range n - 1 {
		s.fact[i] = rank.Factorial(n - 2 - i)
	}
	for p := range s.period {
		for b := range uint64(8) {
			z := int((p*8 + b) % uint64(n))
			s.colour[cellColour(z, s.w)][p] |= 0x80 << byteShift(b)
		}
	}
	t, z := rank.Split(goal.CellString())
	slot := t>>1*uint64(n) + uint64(z)
	s.lanes[slot/8] |= (1 | (t&1)<<7) << byteShift(slot%8)
	s.cur[slot/8/regionWords/64] |= 1 << (slot / 8 / regionWords % 64)
	return s
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// level expands every board at depth d and returns how many boards it found
// at depth d+1.
func (s *search) level(ctx context.Context, d, workers int) (uint64, error) {
	var list []uint32
	for i, word := range s.cur {
		for word != 0 {
			list = append(list, uint32(i*64+bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
	clear(s.next)
	workers = max(1, min(workers, len(list)))
	c := s.goalC ^ d&1
	var (
		next  atomic.Int64
		total atomic.Uint64
		wg    sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			e := newExpander(s, uint8(d+1))
			for ctx.Err() == nil && s.failed.Load() == 0 {
				i := next.Add(1) - 1
				if i >= int64(len(list)) {
					break
				}
				e.region(uint64(list[i]), c)
			}
			total.Add(e.found)
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.failed.Load() != 0 {
		return 0, fmt.Errorf("%w at depth %d", ErrPairReached, d+1)
	}
	s.cur, s.next = s.next, s.cur
	return total.Load(), nil
}

// region expands the boards of colour c at the expander's depth in region r.
func (e *expander) region(r uint64, c int) {
	s := e.s
	from := r * regionWords
	to := min(from+regionWords, uint64(len(s.lanes)))
	want := uint64(e.cur) * ones
	phase := from % s.period
	mask := &s.colour[c]
	for j := from; j < to; j++ {
		x := atomic.LoadUint64(&s.lanes[j])&lo7 ^ want
		// A byte of x is zero iff its slot holds the depth being
		// expanded; the sum sets the high bit of every other byte
		// without carrying out of it.
		m := ^((x + lo7) | x) & hi1 & mask[phase]
		if phase++; phase == s.period {
			phase = 0
		}
		for m != 0 {
			b := uint64(bits.TrailingZeros64(m) >> 3)
			if !littleEndian {
				b = 7 - b
			}
			m &= m - 1
			slot := j*8 + b
			if slot >= s.slots {
				break
			}
			e.board(slot)
		}
	}
}

// finish turns the lanes into the depth table and the reachable set.
func (s *search) finish(workers int) ([]uint8, []uint64) {
	n := uint64(s.n)
	states := s.slots * 2
	reach := make([]uint64, (states+63)/64)
	depth := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s.lanes))), len(s.lanes)*8)
	if !littleEndian {
		for i, v := range s.lanes {
			binary.LittleEndian.PutUint64(depth[8*i:], v)
		}
	}
	depth = depth[:s.slots]
	// Chunks of 32 groups cover whole words of the reachable set: group k
	// has its boards at indices 2k*n to 2k*n+2n-1.
	groups := s.slots / n
	const chunk = 32 << 10
	var next atomic.Uint64
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Go(func() {
			for {
				k0 := next.Add(chunk) - chunk
				if k0 >= groups {
					return
				}
				for k := k0; k < min(k0+chunk, groups); k++ {
					for z := range n {
						v := depth[k*n+z]
						if v == 0 {
							depth[k*n+z] = Unreached
							continue
						}
						i := (2*k+uint64(v>>7))*n + z
						reach[i/64] |= 1 << (i % 64)
						depth[k*n+z] = v&0x7F - 1
					}
				}
			}
		})
	}
	wg.Wait()
	return depth, reach
}
