package table

import (
	"context"
	"crypto/sha256"
	"io"
	"os"
	"runtime"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/parallel"
	"github.com/slidetable/slidetable/rank"
)

// source is what the writer codes: the size, goal and counts of a table,
// and where its depths and its reachable set come from, a Table or the
// result of a search not held as one.
type source struct {
	goal   board.Board
	metric board.Metric
	counts []uint64
	// depths returns the depths of slots from to to-1: the table's own, or
	// buf, of at least to-from bytes, filled.
	depths func(from, to uint64, buf []uint8) []uint8
	reach  wordSource
	// rows, if set, appends the depths of slots from to to-1 row by row,
	// as bfs.Result.Rows does, for encoding 3.
	rows func(from, to uint64, firsts, steps []byte) ([]byte, []byte, bool)
	// leastRows, if set, appends the depths of slots from to to-1 row by
	// row, as bfs.Result.LeastRows does, for encoding 4.
	leastRows func(from, to uint64, least, bits []byte) ([]byte, []byte, bool)
	// table is the Table itself, or nil; encoding 2 needs it.
	table *Table
	// write are the writer's settings: the zero value but in tests.
	write writeSettings
}

// source returns the source of t's file. Every block of a table read in
// place must be in memory.
func (t *Table) source() *source {
	if r := t.rec; r != nil {
		return &source{
			goal:   t.goal,
			metric: t.metric,
			counts: t.counts,
			depths: func(from, to uint64, buf []uint8) []uint8 {
				r.slotDepths(from, buf[:to-from])
				return buf[:to-from]
			},
			reach: maskWords(t.n, r.mask),
			write: t.write,
		}
	}
	return &source{
		goal:   t.goal,
		metric: t.metric,
		counts: t.counts,
		depths: func(from, to uint64, _ []uint8) []uint8 { return t.depth[from:to] },
		reach:  denseWords(t.reach),
		table:  t,
		write:  t.write,
	}
}

func (s *source) n() uint64      { return uint64(s.goal.Len()) }
func (s *source) boards() uint64 { return rank.Factorial(s.goal.Len()) }
func (s *source) slots() uint64  { return s.boards() / 2 }

func (s *source) reachable() uint64 {
	var r uint64
	for _, c := range s.counts {
		r += c
	}
	return r
}

// writeStream writes a table of many blocks to f with encoding 3 (4 in
// the multi-tile metric) without holding the coded table whole: it leaves
// room for the header, codes the depth blocks on every core and writes each in order as it comes (the
// reachable set is coded meanwhile), then the set, and goes back to write
// the header, which holds their lengths and checksums. The bytes are
// those writeWhole writes anywhere else. If f cannot seek, or the depths
// cannot be coded so, it returns errModel with f as it was. It stops with
// ctx's error once ctx is done.
func writeStream(ctx context.Context, f *os.File, src *source) (int64, error) {
	start, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, errModel // a pipe, say: write the whole file at once instead
	}
	slots := src.slots()
	encoding, encode := encodingRows, encodeRows
	if src.metric == board.MultiTile {
		encoding, encode = encodingMultiRows, encodeMultiRows
	}
	per := src.write.slotsPerBlock()
	nb := int((slots + per - 1) / per)
	// The header's length does not depend on the blocks' lengths and sums.
	depths := container.Blocks{Lens: make([]uint32, nb), Sums: make([]byte, container.SumSize*nb)}
	hl := src.wholeBox(encoding, depths, nil).DataOffset()
	total, err := f.Write(make([]byte, hl))
	if err != nil {
		return int64(total), err
	}
	// The reachable set is coded meanwhile, on a core the blocks leave
	// idle while a block is written.
	type coded struct {
		set []byte
		err error
	}
	setDone := make(chan coded, 1)
	go func() {
		b, err := encodeSet(src.reach, src.boards(), src.n() > modelCells)
		setDone <- coded{b, err}
	}()
	set := func() ([]byte, error) { c := <-setDone; return c.set, c.err }

	n, err := writeDepths(ctx, f, src, encode, depths)
	total += n
	if err == errModel {
		set() // let the set's coding end before f is left as it was
		if terr := f.Truncate(start); terr != nil {
			return int64(total), terr
		}
		if _, serr := f.Seek(start, io.SeekStart); serr != nil {
			return int64(total), serr
		}
		return 0, errModel
	}
	if err != nil {
		set()
		return int64(total), err
	}
	setBytes, err := set()
	if err != nil {
		return int64(total), err
	}
	m, err := f.Write(setBytes)
	total += m
	if err != nil {
		return int64(total), err
	}
	if err := ctx.Err(); err != nil {
		return int64(total), err
	}
	if _, err := f.WriteAt(src.wholeBox(encoding, depths, setBytes).Append(nil), start); err != nil {
		return int64(total), err
	}
	return int64(total), nil
}

// writeDepths codes the depth blocks of src with encode on every core,
// takes their SHA-256s and writes them to f in order as they come,
// recording their lengths and sums in depths; each block is coded in
// buffers of its own that go back to a pool once it is written. It
// returns the bytes written.
func writeDepths(ctx context.Context, f io.Writer, src *source, encode func(*source, uint64, uint64, *rowBuffers) ([]byte, error), depths container.Blocks) (int, error) {
	slots, per, nb := src.slots(), src.write.slotsPerBlock(), len(depths.Lens)
	pool := make(chan *rowBuffers, 2*runtime.GOMAXPROCS(0)+2)
	type block struct {
		i   int
		out []byte
		sum [sha256.Size]byte
		buf *rowBuffers
	}
	next, total := 0, 0
	err := parallel.Ordered(ctx, 0,
		func(context.Context) (int, bool, error) {
			i := next
			next++
			return i, i < nb, nil
		},
		func(_ context.Context, i int) (block, error) {
			var buf *rowBuffers
			select {
			case buf = <-pool:
			default:
				buf = new(rowBuffers)
			}
			from := uint64(i) * per
			out, err := encode(src, from, min(from+per, slots), buf)
			return block{i, out, sha256.Sum256(out), buf}, err
		},
		func(b block, err error) error {
			if err != nil {
				return err
			}
			depths.Lens[b.i] = uint32(len(b.out))
			copy(depths.Sums[b.i*sha256.Size:], b.sum[:])
			m, err := f.Write(b.out)
			total += m
			select {
			case pool <- b.buf:
			default:
			}
			return err
		}, nil)
	return total, err
}
