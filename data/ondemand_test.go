package data

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestOnDemand checks the files the WebAssembly build is given against
// the files embedded: each SHA-256 and length, and each pack's distances; and that
// other bytes or names are refused.
func TestOnDemand(t *testing.T) {
	files := OnDemand()
	var packs, tiers int
	for _, d := range files {
		var b []byte
		var err error
		if d.Pack {
			packs++
			b, err = PackFile(d.Size, d.Metric)
		} else {
			tiers++
			if d.Metric != board.MultiTile || !slices.Contains(AbstractionSizes(), d.Size) {
				t.Errorf("%s: an abstraction database of %s in %s moves, not one AbstractionSizes lists in multi-tile moves", d.Name, d.Size, d.Metric)
			}
			b, err = AbstractionFile(d.Size)
		}
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if got, err := checkGiven(d.Name, b); err != nil || got.Name != d.Name {
			t.Errorf("%s: the embedded file is refused (%v): update its Sum in onDemand", d.Name, err)
		}
		if int64(len(b)) != d.Bytes {
			t.Errorf("%s: %d bytes embedded, Bytes says %d: update its Bytes in onDemand", d.Name, len(b), d.Bytes)
		}
		wrong := bytes.Clone(b)
		wrong[len(wrong)/2] ^= 1
		if _, err := checkGiven(d.Name, wrong); !errors.Is(err, errWrongFile) {
			t.Errorf("%s: a file with one bit changed: %v, want errWrongFile", d.Name, err)
		}
		if got, ok := Demanded(d.Size, d.Metric, d.Pack); !ok || got.Name != d.Name {
			t.Errorf("Demanded(%s, %s, %v) = %q, %v", d.Size, d.Metric, d.Pack, got.Name, ok)
		}
		if d.Pack {
			checkLevels(t, d, b)
		} else if d.Levels != nil {
			t.Errorf("%s: Levels of a file that is no pack", d.Name)
		}
	}
	if packs != 2 || tiers != 1 {
		t.Errorf("%d packs and %d abstraction databases on demand, want the 4x4 ones: 2 and 1", packs, tiers)
	}
	if _, err := checkGiven("3x3.tbl", nil); !errors.Is(err, ErrNotEmbedded) {
		t.Errorf("3x3.tbl: %v, want ErrNotEmbedded", err)
	}
	if _, ok := Demanded(board.Size{W: 3, H: 3}, board.SingleTile, true); ok {
		t.Error("a 3x3 pack on demand: the module deals 3x3 from its table")
	}
}

// maxPackGzip is the most a pack on demand may weigh, gzip-compressed:
// what a 4x4 game fetches when it starts.
const maxPackGzip = 1 << 20

// checkLevels checks that the pack d, whose bytes are b, holds levels at
// exactly the distances of d.Levels (its boards near them, "near", are
// no levels), and weighs at most maxPackGzip gzip-compressed.
func checkLevels(t *testing.T, d Demand, b []byte) {
	t.Helper()
	at := map[int]bool{}
	lines := bufio.NewScanner(bytes.NewReader(b))
	for lines.Scan() {
		var e struct {
			Distance int
			Near     bool
		}
		if err := json.Unmarshal(lines.Bytes(), &e); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if !e.Near {
			at[e.Distance] = true
		}
	}
	var zb bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&zb, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	if zb.Len() > maxPackGzip {
		t.Errorf("%s: %d bytes gzip-compressed, more than %d", d.Name, zb.Len(), maxPackGzip)
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	for n := range 200 {
		if at[n] != d.Holds(n) {
			t.Errorf("%s: boards at %d moves: %v, Levels say %v: update its Levels in onDemand", d.Name, n, at[n], d.Holds(n))
		}
	}
}
