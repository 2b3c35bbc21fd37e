package container

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// blockFile returns a file of blocks blocks of size bytes each (the last
// last bytes) after start bytes of zeros, the section of its blocks, and
// its bytes.
func blockFile(t *testing.T, start, size int64, blocks int, last int64) (*Section, []byte) {
	t.Helper()
	n := start + int64(blocks-1)*size + last
	b := make([]byte, n)
	for i := start; i < n; i++ {
		b[i] = byte(i*7 + i>>8)
	}
	var sums []byte
	for k := range blocks {
		lo := start + int64(k)*size
		hi := min(lo+size, n)
		s := sha256.Sum256(b[lo:hi])
		sums = append(sums, s[:]...)
	}
	f := NewFile(bytes.NewReader(b), nil, "f.dat")
	return f.FixedSection("group 2", start, size, blocks, last, sums), b
}

func TestSectionRead(t *testing.T) {
	sec, b := blockFile(t, 100, 64, 5, 10)
	if got, want := sec.Blocks(), 5; got != want {
		t.Fatalf("Blocks = %d, want %d", got, want)
	}
	if got, want := sec.Size(), int64(4*64+10); got != want {
		t.Fatalf("Size = %d, want %d", got, want)
	}
	for k := range 5 {
		got, err := sec.ReadNew(k)
		if err != nil {
			t.Fatalf("block %d: %v", k, err)
		}
		lo := sec.Offset(k)
		if !bytes.Equal(got, b[lo:lo+int64(sec.Len(k))]) {
			t.Fatalf("block %d: wrong bytes", k)
		}
	}

	// A byte changed in block 3: its read fails naming the file, the
	// section and the block, and leaves dst zero.
	bad := bytes.Clone(b)
	bad[sec.Offset(3)+5] ^= 1
	f := NewFile(bytes.NewReader(bad), nil, "f.dat")
	bs := f.FixedSection("group 2", 100, 64, 5, 10, sec.sums)
	dst := bytes.Repeat([]byte{0xAA}, 64)
	err := bs.Read(3, dst)
	if want := "f.dat: container: checksum mismatch: group 2, block 3 of 5"; !errors.Is(err, ErrChecksum) || !strings.Contains(err.Error(), want) {
		t.Fatalf("Read of a changed block: %v, want ErrChecksum, saying %q", err, want)
	}
	if !bytes.Equal(dst, make([]byte, 64)) {
		t.Fatal("a block that failed is not left zero")
	}
	if _, err := bs.ReadNew(2); err != nil {
		t.Fatalf("block 2 of the changed file: %v", err)
	}

	// Cut short: the last block is missing bytes.
	f = NewFile(bytes.NewReader(b[:len(b)-1]), nil, "")
	if _, err := f.FixedSection("", 100, 64, 5, 10, sec.sums).ReadNew(4); !errors.Is(err, ErrFormat) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Read of a block cut short: %v, want ErrFormat and io.ErrUnexpectedEOF", err)
	}

	// After Close, reads fail with ErrClosed.
	f = NewFile(bytes.NewReader(b), nil, "")
	cs := f.FixedSection("", 100, 64, 5, 10, sec.sums)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ReadNew(0); !errors.Is(err, ErrClosed) {
		t.Fatalf("Read after Close: %v, want ErrClosed", err)
	}
}

// damage is a file whose blocks fail on demand.
type damage struct {
	sec   *Section
	cache Cache
	mem   []byte
	fails map[uint64]bool // blocks whose fill fails
	fills [8]atomic.Int32 // the fills of each block
	told  []error
	mu    sync.Mutex
}

func newDamage(t *testing.T, keep bool) *damage {
	sec, _ := blockFile(t, 0, 64, 8, 64)
	d := &damage{sec: sec, mem: make([]byte, 8*64), fails: map[uint64]bool{}}
	d.cache.Init(sec.File(), 8, keep, func(k uint64) error {
		d.fills[k].Add(1)
		dst := d.mem[k*64 : k*64+64]
		if err := d.sec.Read(int(k), dst); err != nil {
			return err
		}
		if d.fails[k] {
			for i := range dst {
				dst[i] = 0xFF // the kind's fallback
			}
			return errors.New("kind: bad block")
		}
		return nil
	})
	sec.File().OnDamage(func(err error) {
		d.mu.Lock()
		d.told = append(d.told, err)
		d.mu.Unlock()
	})
	return d
}

// TestCacheStrict checks a Cache that never uses a block that failed:
// each Load of it fails again without reading it again, Err reports the
// first failure, the damage is told once, and a block needed after Close
// fails without counting as damage.
func TestCacheStrict(t *testing.T) {
	d := newDamage(t, false)
	d.fails[2], d.fails[5] = true, true
	for range 3 {
		if err := d.cache.Load(2); err == nil {
			t.Fatal("Load of a failing block: no error")
		}
	}
	if d.cache.Ready(2) {
		t.Fatal("a failed block is ready")
	}
	if got := d.fills[2].Load(); got != 1 {
		t.Fatalf("a failed block filled %d times, want 1", got)
	}
	if err := d.cache.Load(5); err == nil {
		t.Fatal("Load of block 5: no error")
	}
	first := d.sec.File().Err()
	if first == nil || len(d.told) != 1 || d.told[0] != first {
		t.Fatalf("Err %v, told %v: want the first failure, told once", first, d.told)
	}
	if err := d.cache.Load(0); err != nil || !d.cache.Ready(0) {
		t.Fatalf("Load(0) = %v, ready %v", err, d.cache.Ready(0))
	}
	if err := d.cache.LoadAll(context.Background(), 2, 0, 8); err == nil || !strings.Contains(err.Error(), "bad block") {
		t.Fatalf("LoadAll: %v, want the failure of block 2", err)
	}
	if d.cache.Complete() {
		t.Fatal("complete, though two blocks failed")
	}
	d.sec.File().Close()
	if err := d.cache.Load(7); !errors.Is(err, ErrClosed) || d.cache.Ready(7) {
		t.Fatalf("Load after Close: %v, want ErrClosed", err)
	}
	if err := d.cache.Load(0); err != nil {
		t.Fatalf("Load of a block read before Close: %v", err)
	}
	if d.sec.File().Err() != first || len(d.told) != 1 {
		t.Fatalf("after Close, Err %v and told %v changed", d.sec.File().Err(), d.told)
	}
}

// TestCacheKeep checks a Cache that keeps failed blocks: one becomes
// ready with the kind's fallback and is not read again, and a block
// needed after Close counts as a failure, told to no one.
func TestCacheKeep(t *testing.T) {
	d := newDamage(t, true)
	d.fails[3] = true
	if err := d.cache.Load(3); err == nil {
		t.Fatal("Load of a failing block: no error")
	}
	if !d.cache.Ready(3) || d.mem[3*64] != 0xFF {
		t.Fatal("a failed block is not ready with its fallback")
	}
	if err := d.cache.Load(3); err != nil || d.fills[3].Load() != 1 {
		t.Fatalf("Load again: %v after %d fills, want nil after 1", err, d.fills[3].Load())
	}
	if d.cache.Complete() {
		t.Fatal("complete with one block of eight loaded")
	}
	if err := d.cache.LoadAll(context.Background(), 2, 0, 8); err != nil || !d.cache.Complete() {
		t.Fatalf("LoadAll: %v, complete %v; want every block ready, the failed one with its fallback", err, d.cache.Complete())
	}
	if err := d.sec.File().Err(); err == nil || len(d.told) != 1 {
		t.Fatalf("Err %v, told %v", err, d.told)
	}

	d = newDamage(t, true)
	d.sec.File().Close()
	if err := d.cache.Load(1); !errors.Is(err, ErrClosed) || !d.cache.Ready(1) {
		t.Fatalf("Load after Close: %v, ready %v", err, d.cache.Ready(1))
	}
	if err := d.sec.File().Err(); !errors.Is(err, ErrClosed) || len(d.told) != 0 {
		t.Fatalf("Err %v and told %v after Close, want ErrClosed told to no one", err, d.told)
	}
	if !bytes.Equal(d.mem[64:128], make([]byte, 64)) {
		t.Fatal("a block not read after Close is not left as the fill left it")
	}
}

// TestCacheConcurrent loads every block from many goroutines at once:
// each is filled once, and whoever sees it ready sees its bytes.
func TestCacheConcurrent(t *testing.T) {
	d := newDamage(t, false)
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 64 {
				k := uint64((g + i) % 8)
				if !d.cache.Ready(k) {
					if err := d.cache.Load(k); err != nil {
						t.Error(err)
						return
					}
				}
				lo := d.sec.Offset(int(k))
				if d.mem[k*64] != byte(lo*7+lo>>8) {
					t.Errorf("block %d ready with the wrong bytes", k)
					return
				}
			}
		})
	}
	wg.Wait()
	for k := range 8 {
		if got := d.fills[k].Load(); got != 1 {
			t.Errorf("block %d filled %d times", k, got)
		}
	}
	if !d.cache.Complete() {
		t.Fatal("every block ready, and not complete")
	}
	set := false
	d.cache.Set(0, func() { set = true })
	if set {
		t.Fatal("Set changed a block that was ready")
	}
}
