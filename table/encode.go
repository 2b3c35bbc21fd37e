package table

import (
	"context"
	"errors"
	"fmt"

	"github.com/klauspost/compress/zstd"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/parallel"
)

// Depth encodings after the first; part of the file format; do not change.
const (
	encodingModel     = 2 // the neighbour model, range coded: model.go
	encodingRows      = 3 // first depths of rows and bits: rows.go
	encodingMultiRows = 4 // least depths of rows and bits, multi-tile metric: multirows.go
)

// modelCells is the most cells of a board whose depths the writer codes
// with the neighbour model; larger tables get encoding 3.
const modelCells = 10

// writeSettings are the choices of the writer that tests change, so that
// small tables reach what only large ones do (many blocks, blocks that
// start within a row, records read in place) and every decoder is used.
// The zero value is the writer's own choice, which every table has but in
// tests (Table.write, source.write).
type writeSettings struct {
	// slots is the number of slots in a block of a table written whole;
	// 0: blockSlots.
	slots uint64
	// encoding, if not zero, is the encoding of the depths whatever the
	// size, where the metric allows it (see metricEncoding).
	encoding int
	// inPlaceCells is the fewest cells of a board whose table is written
	// as records; 0: the constant inPlaceCells.
	inPlaceCells int
	// blockBits is the most bits of records in a block; 0: recordBlockBits.
	blockBits uint64
}

// slotsPerBlock returns the slots in a block of a table written whole.
func (w writeSettings) slotsPerBlock() uint64 {
	if w.slots == 0 {
		return blockSlots
	}
	return w.slots
}

// fewestInPlace returns the fewest cells of a board whose table is written
// as records.
func (w writeSettings) fewestInPlace() int {
	if w.inPlaceCells == 0 {
		return inPlaceCells
	}
	return w.inPlaceCells
}

// recordBits returns the most bits of records in a block.
func (w writeSettings) recordBits() uint64 {
	if w.blockBits == 0 {
		return recordBlockBits
	}
	return w.blockBits
}

func knownEncoding(e int) bool { return e >= encodingBytes && e <= encodingMultiRows }

// metricEncoding reports whether a table in metric m may be coded with
// encoding e: 2 and 3 code the single-tile metric, 4 the multi-tile one.
func metricEncoding(m board.Metric, e int) bool {
	switch e {
	case encodingModel, encodingRows:
		return m == board.SingleTile
	case encodingMultiRows:
		return m == board.MultiTile
	}
	return true
}

// encodeDepths codes the depth slots of src in blocks of
// src.write.slotsPerBlock(), in parallel until ctx is done, and returns the
// encoding used: the neighbour model for boards of up to modelCells cells,
// rows for larger ones, and one byte a slot for a table whose depths the
// others cannot code.
func encodeDepths(ctx context.Context, src *source) (int, [][]byte, error) {
	encoding := encodingRows
	switch {
	case src.metric == board.MultiTile:
		encoding = encodingMultiRows
	case src.n() <= modelCells:
		encoding = encodingModel
	}
	if e := src.write.encoding; e != 0 && metricEncoding(src.metric, e) {
		encoding = e
	}
	if encoding == encodingModel && src.table == nil {
		encoding = encodingRows
	}
	if encoding == encodingBytes {
		blocks, err := compressBlocks(ctx, src)
		return encodingBytes, blocks, err
	}
	slots, per := src.slots(), src.write.slotsPerBlock()
	nb := int((slots + per - 1) / per)
	out := make([][]byte, nb)
	err := parallel.For(ctx, 0, nb, func(i int) error {
		start := uint64(i) * per
		end := min(start+per, slots)
		var err error
		var buf rowBuffers
		switch encoding {
		case encodingModel:
			out[i], err = encodeModel(src.table, start, end)
		case encodingMultiRows:
			out[i], err = encodeMultiRows(src, start, end, &buf)
		default:
			out[i], err = encodeRows(src, start, end, &buf)
		}
		if encoding != encodingModel {
			out[i] = append([]byte(nil), out[i]...)
		}
		return err
	})
	if errors.Is(err, errModel) {
		blocks, err := compressBlocks(ctx, src)
		return encodingBytes, blocks, err
	}
	return encoding, out, err
}

// decodeBlock decodes block i, comp, of a file with header h into t.depth.
// t.reach must hold the reachable set.
func decodeBlock(t *Table, h *header, i int, comp []byte, dec *zstd.Decoder) error {
	slots := uint64(len(t.depth))
	start := uint64(i) * uint64(h.blockSlots)
	end := min(start+uint64(h.blockSlots), slots)
	var err error
	switch h.encoding {
	case encodingModel:
		err = decodeModel(t, start, end, h.depths, comp)
	case encodingRows:
		err = decodeRows(t, start, end, h.depths, comp, dec)
	case encodingMultiRows:
		err = decodeMultiRows(t, start, end, h.depths, comp, dec)
	default:
		err = fileformat.DecodeInto(dec, comp, t.depth[start:end])
	}
	if err != nil && !errors.Is(err, ErrFormat) {
		err = fmt.Errorf("%w: %w", ErrFormat, err)
	}
	if err != nil {
		return fmt.Errorf("block %d: %w", i, err)
	}
	return nil
}
