package pdb

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/internal/fileformat"
	"github.com/slidetable/slidetable/internal/parallel"
)

// WriteTo writes the database to w in the format described in the package
// documentation and returns the number of bytes written: the entries as
// they are in memory, if its tables take 32 MiB or more (the 4x4 large
// tier), so that a reader reads only what a search needs; otherwise
// compressed.
func (db *DB) WriteTo(w io.Writer) (int64, error) { return db.write(context.Background(), w) }

func (db *DB) write(ctx context.Context, w io.Writer) (int64, error) {
	if err := db.loadAll(ctx, 0); err != nil {
		return 0, err
	}
	h := &header{size: db.size, goal: db.goal, groups: make([]fileGroup, len(db.groups))}
	for gi := range db.groups {
		g := &db.groups[gi]
		h.groups[gi] = fileGroup{tiles: g.tiles, count: g.count, enc: g.enc, largest: g.largest(), blank: g.blank}
	}
	if db.Bytes() >= rawMin {
		return db.writeRaw(ctx, w, h)
	}
	return db.writeCompressed(ctx, w, h)
}

// writeCompressed writes the database with each group's entries in zstd
// frames of blockBytes entry bytes.
func (db *DB) writeCompressed(ctx context.Context, w io.Writer, h *header) (int64, error) {
	h.block = blockBytes
	var blocks [][]byte
	sections := make([]container.Blocks, len(db.groups))
	for gi := range db.groups {
		g := &db.groups[gi]
		nb := (len(g.entries) + blockBytes - 1) / blockBytes
		out := make([][]byte, nb)
		err := parallel.For(ctx, 0, nb, func(i int) error {
			out[i] = fileformat.Compress(g.entries[i*blockBytes : min((i+1)*blockBytes, len(g.entries))])
			return nil
		})
		if err != nil {
			return 0, err
		}
		for _, b := range out {
			sections[gi].Add(b)
		}
		blocks = append(blocks, out...)
	}
	return fileformat.WriteParts(ctx, w, append([][]byte{h.container(sections).Append(nil)}, blocks...)...)
}

// writeRaw writes the database with each group's entries as they are, in
// blocks of rawBlockBytes, the last padded with zeros, after the header
// padded with zeros to a multiple of page bytes.
func (db *DB) writeRaw(ctx context.Context, w io.Writer, h *header) (int64, error) {
	h.block, h.inPlace = int64(rawBlockBytes), true
	pads := make([][]byte, len(db.groups))
	sections := make([]container.Blocks, len(db.groups))
	for gi := range db.groups {
		g, sec := &db.groups[gi], &sections[gi]
		nb := (len(g.entries) + rawBlockBytes - 1) / rawBlockBytes
		pads[gi] = make([]byte, nb*rawBlockBytes-len(g.entries))
		sec.Lens, sec.Sums = make([]uint32, nb), make([]byte, sumSize*nb)
		err := parallel.For(ctx, 0, nb, func(i int) error {
			sum := blockSum(g.entries, i, rawBlockBytes)
			sec.Lens[i] = uint32(rawBlockBytes)
			copy(sec.Sums[sumSize*i:], sum[:])
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	parts := [][]byte{h.container(sections).Append(nil)}
	for gi := range db.groups {
		parts = append(parts, db.groups[gi].entries, pads[gi])
	}
	return fileformat.WriteParts(ctx, w, parts...)
}

// blockSum returns the SHA-256 of block i of entries, in blocks of size
// bytes, the last padded with zeros.
func blockSum(entries []byte, i, size int) [sumSize]byte {
	lo := i * size
	b := entries[lo:min(lo+size, len(entries))]
	if len(b) == size {
		return sha256.Sum256(b)
	}
	h := sha256.New()
	h.Write(b)
	h.Write(make([]byte, size-len(b)))
	var sum [sumSize]byte
	h.Sum(sum[:0])
	return sum
}

// largest returns the group's largest entry.
func (g *group) largest() uint8 {
	var m uint8
	for _, b := range g.entries {
		if g.enc == encNibble {
			m = max(m, b&15, b>>4)
		} else {
			m = max(m, b)
		}
	}
	return m
}

// WriteFile writes the database to path atomically, as WriteTo writes
// it: to a temporary file in the same directory, renamed over path only
// when complete. If writing fails or ctx ends first, path is left as it
// was. It returns the file's content hash (see DB.ContentHash), read back
// from the temporary file before it takes the name path: the key of the
// proof record of exactly the bytes written (package source).
func WriteFile(ctx context.Context, path string, db *DB) (sum [sha256.Size]byte, err error) {
	err = atomicfile.WriteContext(ctx, path, 0o644, func(f *os.File) error {
		n, err := db.write(ctx, f)
		if err != nil {
			return err
		}
		ch, err := container.ReadHeader(f, n)
		if err == nil {
			sum = ch.ContentHash()
		}
		return err
	})
	if err != nil {
		return sum, fmt.Errorf("pdb: write %w", err)
	}
	return sum, nil
}

// legacyHash returns the content hash of the file before the container
// of size bytes that r reads, whose header is h, as a reader of it
// computes it (see DB.ContentHash): the SHA-256 of the header of a
// version 3 file, else of the whole file.
func legacyHash(r io.ReaderAt, size int64, h *header) ([sha256.Size]byte, error) {
	if h.version == 3 {
		return sha256.Sum256(h.raw), nil
	}
	sum := sha256.New()
	if _, err := io.Copy(sum, io.NewSectionReader(r, 0, size)); err != nil {
		return [sha256.Size]byte{}, err
	}
	return [sha256.Size]byte(sum.Sum(nil)), nil
}
