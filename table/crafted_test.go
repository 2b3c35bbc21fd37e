package table

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/bfs"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/rank"
)

var rewriteCrafted = flag.Bool("rewrite-crafted", false, "rewrite the crafted bad tables in testdata")

// crafted are tables whose checksums, counts, goal and reachable set are all
// valid but whose distances are wrong, each made by a generator. The files
// in testdata are what the generators write; Certify, and so New, Open and
// 'slidetable verify', must catch every one. Those named box- are of the
// container; the others, of versions 1 and 2 before it, are the same
// tables written by the writer and turned into those versions.
var crafted = []struct {
	file string
	slow bool // regenerated only without -short
	make func(t *testing.T) []byte
}{
	// Two distances of a 5x2 table swapped: "0 9 8 7 6/5 4 3 2 1", truly 45
	// moves away, recorded at 1, and a board at distance 1 recorded at 45.
	{"bad-5x2-swapped.tbl", true, func(t *testing.T) []byte {
		tb := searched(t, board.Goal(board.Size{W: 5, H: 2}))
		far := board.MustParse(tb.size, "0 9 8 7 6/5 4 3 2 1")
		near := board.MustParse(tb.size, "1 2 3 4 5/6 7 8 0 9")
		swapDepths(t, tb, far, near)
		return legacyV1(t, write(t, tb, 0))
	}},
	{"box-bad-5x2-swapped.tbl", true, func(t *testing.T) []byte {
		tb := searched(t, board.Goal(board.Size{W: 5, H: 2}))
		far := board.MustParse(tb.size, "0 9 8 7 6/5 4 3 2 1")
		near := board.MustParse(tb.size, "1 2 3 4 5/6 7 8 0 9")
		swapDepths(t, tb, far, near)
		return write(t, tb, 0)
	}},
	// Two groups of a 3x3 table written with encoding 3 swapped: every row
	// still moves by one from slot to slot, as the encoding requires, and
	// the counts are unchanged.
	{"bad-3x3-rows.tbl", false, func(t *testing.T) []byte {
		tb := searched(t, board.Goal(board.Size{W: 3, H: 3}))
		swapGroups(tb, 1000, 20000)
		return legacyV1(t, write(t, tb, encodingRows))
	}},
	{"box-bad-3x3-rows.tbl", false, func(t *testing.T) []byte {
		tb := searched(t, board.Goal(board.Size{W: 3, H: 3}))
		swapGroups(tb, 1000, 20000)
		return write(t, tb, encodingRows)
	}},
	// Two groups of a 3x3 table written in version 2 (forced, in blocks of
	// 256 groups) swapped: the records, their checksums and the counts are
	// valid.
	{"bad-v2-3x3-groups.tbl", false, func(t *testing.T) []byte {
		tb := searched(t, board.Goal(board.Size{W: 3, H: 3}))
		swapGroups(tb, 1000, 15000)
		return legacyV2(t, writeV2(t, smallInPlace(tb, 256*18)))
	}},
	{"box-bad-records-3x3-groups.tbl", false, func(t *testing.T) []byte {
		tb := searched(t, board.Goal(board.Size{W: 3, H: 3}))
		swapGroups(tb, 1000, 15000)
		return writeV2(t, smallInPlace(tb, 256*18))
	}},
	// A version-1 4x2 file (encoding 1, as the first version wrote) with
	// two distances swapped.
	{"bad-v1-4x2-swapped.tbl", false, func(t *testing.T) []byte {
		tb, err := Open(filepath.Join("testdata", "v1-4x2.tbl"))
		if err != nil {
			t.Fatal(err)
		}
		swapDepths(t, tb, board.MustParse(tb.size, "1 2 3 4/5 6 0 7"), board.MustParse(tb.size, "0 7 6 5/4 3 2 1"))
		return legacyV1(t, write(t, tb, encodingBytes))
	}},
}

// searched returns the table of goal, from bfs, uncertified.
func searched(t *testing.T, goal board.Board) *Table {
	t.Helper()
	return searchedIn(t, goal, board.SingleTile)
}

// searchedIn returns the table of goal in the metric, uncertified.
func searchedIn(t *testing.T, goal board.Board, metric board.Metric) *Table {
	t.Helper()
	res, err := bfs.Run(context.Background(), goal, &bfs.Options{Metric: metric})
	if err != nil {
		t.Fatal(err)
	}
	depth, reach := res.Expand()
	tb, err := newTrusted(res.Goal, metric, depth, reach, res.Counts)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// swapDepths swaps the distances of two reachable boards of different
// distances.
func swapDepths(t *testing.T, tb *Table, a, b board.Board) {
	t.Helper()
	sa := rank.Half(rank.Index(a.CellString()), int(tb.n))
	sb := rank.Half(rank.Index(b.CellString()), int(tb.n))
	if tb.depth[sa] == tb.depth[sb] {
		t.Fatalf("%v and %v are both at %d", a, b, tb.depth[sa])
	}
	tb.depth[sa], tb.depth[sb] = tb.depth[sb], tb.depth[sa]
}

// swapGroups swaps the distances of two slot groups whose slots all hold a
// distance (true of every group of a standard goal).
func swapGroups(tb *Table, k1, k2 uint64) {
	n := tb.n
	a, b := tb.depth[k1*n:k1*n+n], tb.depth[k2*n:k2*n+n]
	for i := range a {
		a[i], b[i] = b[i], a[i]
	}
}

// write returns the file of tb in an encoding, 0 for the writer's choice.
func write(t *testing.T, tb *Table, encoding int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := withEncoding(tb, encoding).WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestCrafted checks that each crafted file is what its generator writes,
// that it passes every check but certification, and that certification
// names a board whose distance the reference search says is wrong.
func TestCrafted(t *testing.T) {
	t.Parallel()
	for _, c := range crafted {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", c.file)
			if *rewriteCrafted {
				if err := os.WriteFile(path, c.make(t), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !c.slow || !testing.Short() {
				if !bytes.Equal(c.make(t), b) {
					t.Fatalf("%s is not what its generator writes (go test -rewrite-crafted)", path)
				}
			}

			// Every check but certification passes.
			if fileLayout(t, b) == layoutRecords {
				if _, err := readHeader2(bytes.NewReader(b), int64(len(b))); err != nil {
					t.Fatal(err)
				}
			} else if h, err := readHeader(bytes.NewReader(b), int64(len(b))); err != nil {
				t.Fatal(err)
			} else if c.file == "bad-3x3-rows.tbl" && h.encoding != encodingRows {
				t.Fatalf("encoding %d, want %d", h.encoding, encodingRows)
			}
			tb, err := NewReaderWith(bytes.NewReader(b), int64(len(b)), &ReadOptions{skipCertify: true})
			if err != nil {
				t.Fatalf("uncertified read: %v", err)
			}

			// Certification, and so reading, catches it.
			err = tb.Certify(context.Background(), nil)
			var de *DistanceError
			if !errors.As(err, &de) || !errors.Is(err, ErrDistance) || !errors.Is(err, ErrFormat) {
				t.Fatalf("Certify: %v, want a *DistanceError", err)
			}
			t.Log(err)
			checkNamed(t, tb, de)
			if _, err := NewReader(bytes.NewReader(b), int64(len(b))); !errors.Is(err, ErrDistance) {
				t.Errorf("NewReader: %v, want ErrDistance", err)
			}
			if _, err := Open(path); !errors.Is(err, ErrDistance) {
				t.Errorf("Open: %v, want ErrDistance", err)
			}
		})
	}
}

// checkNamed checks that the boards a DistanceError names are recorded at
// the distances it gives, and that IDA* finds one of them, or when it names
// one board, one of its neighbours, at another distance.
func checkNamed(t *testing.T, tb *Table, de *DistanceError) {
	t.Helper()
	recorded := func(b board.Board) int {
		d, err := tb.Distance(b)
		if err != nil {
			return -1
		}
		return d
	}
	suspects := []board.Board{de.Board}
	if !de.Neighbour.IsZero() {
		suspects = append(suspects, de.Neighbour)
		if got := recorded(de.Neighbour); got != de.NeighbourDistance {
			t.Errorf("the error says %v is recorded at %d, the table says %d", de.Neighbour, de.NeighbourDistance, got)
		}
	} else {
		for _, m := range de.Board.Moves() {
			nb, _ := de.Board.Move(m)
			suspects = append(suspects, nb)
		}
	}
	if got := recorded(de.Board); got != de.Distance {
		t.Errorf("the error says %v is recorded at %d, the table says %d", de.Board, de.Distance, got)
	}
	for _, b := range suspects {
		want, err := ida.Distance(context.Background(), b, tb.goal)
		if err != nil {
			t.Fatal(err)
		}
		if recorded(b) != want {
			return
		}
	}
	t.Errorf("IDA* agrees with the table on %v", suspects)
}

// TestNewCertifies reproduces the first crafted table through the exported
// API: a search result with two distances swapped is refused by New.
func TestNewCertifies(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("searches 5x2 twice")
	}
	size := board.Size{W: 5, H: 2}
	res, err := bfs.Run(context.Background(), board.Goal(size), nil)
	if err != nil {
		t.Fatal(err)
	}
	depth, reach := res.Expand()
	if _, err := New(res.Goal, depth, reach, res.Counts); err != nil {
		t.Fatalf("New of a true search: %v", err)
	}
	sa := rank.Half(rank.Index(board.MustParse(size, "0 9 8 7 6/5 4 3 2 1").CellString()), 10)
	sb := rank.Half(rank.Index(board.MustParse(size, "1 2 3 4 5/6 7 8 0 9").CellString()), 10)
	depth[sa], depth[sb] = depth[sb], depth[sa]
	if _, err := New(res.Goal, depth, reach, res.Counts); !errors.Is(err, ErrDistance) {
		t.Fatalf("New with two distances swapped: %v, want ErrDistance", err)
	}
}

// TestCertifyEveryWrongDepth changes each distance of a small table in turn
// by two, which keeps its parity, and moves another board the other way so
// the counts still agree: Certify must catch every one.
func TestCertifyEveryWrongDepth(t *testing.T) {
	t.Parallel()
	for _, size := range []board.Size{{W: 2, H: 3}, {W: 3, H: 2}} {
		for _, metric := range []board.Metric{board.SingleTile, board.MultiTile} {
			tb := searchedIn(t, board.Goal(size), metric)
			if err := tb.Certify(context.Background(), &CertifyOptions{Workers: 1}); err != nil {
				t.Fatalf("%v %v: true table: %v", size, metric, err)
			}
			// Depths of the multi-tile metric have no parity: one off
			// is as likely a mistake as two.
			changes := []uint8{2}
			if metric == board.MultiTile {
				changes = []uint8{1, 2}
			}
			for s, d := range tb.depth {
				for _, c := range changes {
					if d == bfs.Unreached || int(d+c) >= len(tb.counts) {
						continue
					}
					tb.depth[s] = d + c
					if err := tb.Certify(context.Background(), nil); !errors.Is(err, ErrDistance) {
						t.Fatalf("%v %v: slot %d at %d instead of %d: %v", size, metric, s, d+c, d, err)
					}
					tb.depth[s] = d
				}
			}
		}
	}
}

// TestCertifyProgress checks that progress reaches every slot, and that a
// done context stops certification.
func TestCertifyProgress(t *testing.T) {
	t.Parallel()
	tb := searched(t, board.Goal(board.Size{W: 3, H: 3}))
	var last, total uint64
	err := tb.Certify(context.Background(), &CertifyOptions{Progress: func(c, tt uint64) {
		if c <= last {
			t.Errorf("progress went from %d to %d", last, c)
		}
		last, total = c, tt
	}})
	if err != nil {
		t.Fatal(err)
	}
	if last != uint64(len(tb.depth)) || total != last {
		t.Fatalf("progress ended at %d of %d, want %d", last, total, len(tb.depth))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := tb.Certify(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("Certify with a done context: %v", err)
	}
}

// TestCertifyBig reproduces the 12-cell case: a 4x3 table (encoding 3)
// with two groups swapped is read without certification and Certify
// catches it. It needs seconds and 600 MB: only with SLIDETABLE_LONG=1.
func TestCertifyBig(t *testing.T) {
	t.Parallel()
	testenv.Long(t)
	res := Write12(t, board.SingleTile).Result
	depth, reach := res.Expand()
	tb, err := newTrusted(res.Goal, res.Metric, depth, reach, res.Counts)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Certify(context.Background(), nil); err != nil {
		t.Fatalf("true table: %v", err)
	}
	swapGroups(tb, 7, 19_000_000)
	err = tb.Certify(context.Background(), nil)
	var de *DistanceError
	if !errors.As(err, &de) {
		t.Fatalf("Certify: %v, want a *DistanceError", err)
	}
	t.Log(err)
}
