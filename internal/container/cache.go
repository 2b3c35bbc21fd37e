package container

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/slidetable/slidetable/internal/parallel"
)

// Cache says which blocks of a file read in place are in memory, and
// reads each, once, the first time a lookup needs it: Ready is the
// lookup's test, a bit read atomically, and Load the slow path, which
// reads the block under a lock of its own while lookups of other blocks
// go on. Where a block is kept in memory, and how it is read and checked,
// is the kind's (the fill function): the Cache keeps the order of it, so
// that a lookup that sees a block ready sees the whole block, and what
// becomes of a block that fails:
//
//   - by default a block that fails is never used: every Load of it
//     returns its error again, and it never becomes ready (an exact table
//     must not answer from bytes it could not check);
//   - with keep, a block that fails becomes ready all the same, with what
//     fill left in its place, which the kind makes a bound that stays
//     admissible (zeros for a pattern database, unknown entries for an
//     abstraction tier); the failure is then told only by File.Err.
//
// A failure is recorded in the File (File.Err, File.OnDamage), except,
// by default, a block needed after Close, whose Load returns ErrClosed
// and which a later Load tries again.
//
// The zero Cache holds no blocks; Init sets it up, before any other use.
// A Cache is safe for concurrent use once set up; it must not be copied.
type Cache struct {
	ready  []atomic.Uint64 // bit k%64 of word k/64: block k is ready
	blocks uint64
	nready atomic.Uint64  // the blocks ready
	locks  [64]sync.Mutex // block k is read under locks[k%64]
	f      *File
	fill   func(k uint64) error
	keep   bool
	// failed holds the blocks that failed, with their errors, by
	// default; with keep they are ready instead.
	mu     sync.Mutex
	failed map[uint64]error
}

// Init sets up c for blocks blocks of f, which fill reads into their
// place in memory and checks: it returns nil once block k may be used,
// or the error that keeps it from being used, leaving in its place what
// the kind reads a failed block as (see Cache). With keep, a block that
// fails is ready all the same.
func (c *Cache) Init(f *File, blocks uint64, keep bool, fill func(k uint64) error) {
	c.ready = make([]atomic.Uint64, (blocks+63)/64)
	c.blocks = blocks
	c.f, c.fill, c.keep = f, fill, keep
	c.failed = map[uint64]error{}
}

// Ready reports whether block k is in memory, for a lookup to use.
func (c *Cache) Ready(k uint64) bool { return c.ready[k>>6].Load()&(1<<(k&63)) != 0 }

// Complete reports whether every block is ready, so that lookups need
// not ask Ready any more.
func (c *Cache) Complete() bool { return c.nready.Load() == c.blocks }

// Load reads block k with the fill function, unless it is ready, and
// returns the error that keeps it from being used: the block's, now or
// from before. A block that fails now is recorded in the File once its
// lock is released.
func (c *Cache) Load(k uint64) error {
	fresh, err := c.load(k, c.fill)
	if fresh {
		c.f.fail(err, c.keep)
	}
	return err
}

// Set makes block k ready with set, which puts it in its place, unless it
// is ready already: for a block the caller has read and checked itself.
func (c *Cache) Set(k uint64, set func()) {
	c.load(k, func(uint64) error { set(); return nil })
}

// load is Load with fill, under the block's lock; fresh says the block
// failed now.
func (c *Cache) load(k uint64, fill func(uint64) error) (fresh bool, err error) {
	l := &c.locks[k%uint64(len(c.locks))]
	l.Lock()
	defer l.Unlock()
	if c.Ready(k) {
		return false, nil
	}
	if !c.keep {
		c.mu.Lock()
		err = c.failed[k]
		c.mu.Unlock()
		if err != nil {
			return false, err
		}
	}
	err = fill(k)
	switch {
	case err == nil || c.keep:
		// After the block: a lookup that sees the bit sees the block.
		c.ready[k>>6].Or(1 << (k & 63))
		c.nready.Add(1)
	case !c.f.IsClosed(err):
		c.mu.Lock()
		c.failed[k] = err
		c.mu.Unlock()
	}
	return err != nil, err
}

// LoadAll loads every block from lo to hi that is not ready, on workers
// goroutines (0 for GOMAXPROCS), until ctx is done, and returns the first
// error: of the lowest block that fails, now or before, or ctx's.
func (c *Cache) LoadAll(ctx context.Context, workers int, lo, hi uint64) error {
	return parallel.Chunks(ctx, workers, hi-lo, 16, func(a, b uint64) error {
		for k := lo + a; k < lo+b; k++ {
			if c.Ready(k) {
				continue
			}
			if err := c.Load(k); err != nil {
				return err
			}
		}
		return nil
	})
}
