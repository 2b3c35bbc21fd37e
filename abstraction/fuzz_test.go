package abstraction_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidetable/slidetable/abstraction"
	"github.com/slidetable/slidetable/gen"

	"math/rand/v2"
)

// FuzzNewReader checks that no input makes the reader or the proof panic
// or allocate beyond their limit, that every error is one of the package's
// sentinels, and that a file that proves writes back to the same bytes.
func FuzzNewReader(f *testing.F) {
	db := small3x3(f)
	f.Add(encode(f, db, false))
	f.Add(encode(f, db, true))
	f.Add([]byte(abstraction.Magic))
	for _, name := range []string{"3x3.abs", "3x3-raw.abs"} { // before the container
		if b, err := os.ReadFile(filepath.Join("testdata", "golden", name)); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// A limit, so that a small file claiming many entries is refused
		// rather than read: 4 MiB.
		const limit = 1 << 22
		db, err := abstraction.NewReaderWith(bytes.NewReader(b), int64(len(b)), &abstraction.ReadOptions{MaxMemory: limit})
		if err != nil {
			sentinel(t, err)
			return
		}
		r := rand.New(rand.NewPCG(1, uint64(len(b))))
		for range 4 {
			bd, err := gen.UniformTo(r, db.Goal())
			if err != nil {
				t.Fatal(err)
			}
			_ = db.Heuristic().Estimate(bd)
		}
		if err := db.Prove(context.Background(), &abstraction.ProveOptions{MaxMemory: limit}); err != nil {
			sentinel(t, err)
			return
		}
		if string(b[:len(abstraction.Magic)]) == abstraction.Magic {
			return // written again, a file before the container is another
		}
		raw, groups := abstraction.Layout(db)
		defer abstraction.SetBlockGroups(groups)()
		if raw {
			defer abstraction.SetRawMin(0)()
		} else {
			defer abstraction.SetRawMin(1 << 62)()
		}
		var again bytes.Buffer
		if _, err := db.WriteTo(&again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again.Bytes(), b) {
			t.Fatalf("a file of %d bytes that proves writes back as %d others", len(b), again.Len())
		}
	})
}

// sentinel fails t unless err is one of the reader's and the proof's
// sentinels.
func sentinel(t *testing.T, err error) {
	t.Helper()
	for _, s := range []error{abstraction.ErrFormat, abstraction.ErrChecksum, abstraction.ErrVersion, abstraction.ErrMemory, abstraction.ErrEntry} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("%v is none of the sentinels", err)
}
