package container

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// Value is what a kind's decoder reads a file into (an exact table, a
// pattern database, an abstraction tier), as every caller sees it,
// whatever its kind: what it holds, and what it answers. A Value is safe
// for concurrent use.
type Value interface {
	// Kind returns the kind of file it was read from.
	Kind() Kind
	// Goal returns the goal its distances are measured to; its size is
	// the size of the boards it answers.
	Goal() board.Board
	// Metric returns the metric its distances count.
	Metric() board.Metric
	// Entries returns the number of what it holds one of for each (the
	// header's Entries): the boards of a table, the entries of a pattern
	// database, the arrangements of an abstraction tier.
	Entries() uint64
	// ContentHash returns the content hash of the bytes it was read from
	// (see the package documentation), and false for one made in memory.
	ContentHash() ([sha256.Size]byte, bool)
	// Close releases the file it reads in place, if any.
	Close() error
}

// ReadOptions tune the decoding of a file, whatever its kind. A nil
// *ReadOptions means the zero value.
type ReadOptions struct {
	// MaxMemory is the most bytes the decoder may allocate; 0 means the
	// default, half the physical memory.
	MaxMemory uint64
	// Damaged, if set, is told once, by the lookup that meets it, of the
	// first block of a file read in place that cannot be read or fails its
	// checks (File.OnDamage). It must not block.
	Damaged func(error)
}

// ProveOptions tune the proof of a Value. A nil *ProveOptions means the
// zero value.
type ProveOptions struct {
	// Workers is the number of goroutines of the proof; 0 means one a
	// core.
	Workers int
	// MaxMemory bounds what the proof allocates; 0 means the default.
	MaxMemory uint64
	// Progress, if set, is called as the proof goes, with the units of
	// work (boards, entries) done and to do.
	Progress func(done, total uint64)
}

// BuildOptions tune a kind's build (Codec.Build). A nil *BuildOptions
// means the zero value.
type BuildOptions struct {
	// Workers is the number of goroutines of the build; 0 means one a
	// core.
	Workers int
	// MaxMemory bounds the bytes the build holds at once; 0 means the
	// default, half the physical memory. A build that would need more
	// fails at once with an error of kind failure.Memory.
	MaxMemory uint64
	// InMemory says that what is built is wanted in memory (Built.Value)
	// rather than written: a kind that builds differently for each (a
	// table, whose file is written from the search's own result) builds
	// for it, and counts what it takes in MaxMemory.
	InMemory bool
	// Progress, if set, is called as the build goes, with the units of
	// work (boards, placements, arrangements) done and to do, and what it
	// is at ("depth 12", "group 2 of 3, depth 7").
	Progress func(done, total uint64, stage string)
}

// Built is a file a kind's builder made (Codec.Build), in memory, to be
// written once or used.
type Built interface {
	// WriteTo writes the file to w and returns the bytes written.
	WriteTo(ctx context.Context, w io.Writer) (int64, error)
	// WriteFile writes the file to path, whole or not at all, and returns
	// its content hash.
	WriteFile(ctx context.Context, path string) ([sha256.Size]byte, error)
	// Describe says what was built, for a file of the given bytes: "3x3,
	// 181,440 boards reach the goal, God's number 31; 97.4 KB".
	Describe(bytes uint64) string
	// Value returns what was built as a Value, as a reader of its file
	// finds it (but for its content hash, which a file has).
	Value() (Value, error)
}

// Codec is a kind of file as it plugs into the container: its number in
// the header, what it is called and how it answers (what 'slidetable
// info' says of a file of it), its formats before the container, its
// decoder, its proof and its builder. The package of each kind registers
// its Codec when it is linked in (Register); package source reads,
// describes, proves and builds every file through it, so that a new kind
// of file is a Codec, not a case in each of them.
type Codec struct {
	// Kind is the kind's number in the header: part of the file format.
	Kind Kind
	// Version is the version of the kind's parameters and payload that
	// this program reads (Header.KindVersion); a file of another is
	// refused with ErrVersion.
	Version uint8
	// Name is what the kind is called: "table", "pattern database",
	// "abstraction tier".
	Name string
	// Exact says that its values answer distances themselves, by lookups,
	// rather than bounding them from below to guide an optimal search.
	Exact bool
	// Unit is what Value.Entries counts: "boards", "entries",
	// "arrangements".
	Unit string
	// Subject is what a proof of it proves, as a person reads it:
	// "distances", "pattern database".
	Subject string
	// Damage says what becomes of the entries of a block read in place
	// that fails its checks, for a person: "the bounds it holds read as
	// zero, so answers stay exact but searches are slower".
	Damage string
	// CertifiedCells is the most cells of a file that its decoder proves
	// as it reads it, so that it needs no proof afterwards (0 for none).
	CertifiedCells int
	// MaxCells is the most cells of the boards a file of the kind holds,
	// as its payload is laid out: a recipe of more is refused.
	MaxCells int
	// Legacy are the kind's formats before the container, which its
	// decoder still reads: a file starting with one of their magics is
	// of this kind.
	Legacy []Legacy
	// Decode reads the open file f, whose kind is this one, into its
	// Value: from f.Header, or for a file of a format before the container
	// (f.Header nil) from f's bytes. A decoder that reads the file in
	// place keeps it (Opened.Keep); one that reads it whole does not use
	// f once it returns.
	Decode func(f *Opened, opts *ReadOptions) (Value, error)
	// Prove proves v, a Value of this kind, from its bytes alone: that a
	// table's distances are exact, that a database's entries are the
	// distances they claim (so its bounds are admissible). Its error for
	// a refuted file wraps ErrFormat.
	Prove func(ctx context.Context, v Value, opts *ProveOptions) error
	// Build, if set, builds the file of boards towards goal in the metric
	// m with the kind's parameters params, as a recipe writes them
	// (package internal/recipe: a pattern database's groups of tiles, an
	// abstraction tier's classings), nil for the kind's default for goal's
	// size. Parameters that are not the kind's fail with an error
	// wrapping ErrParams; a build larger than opts.MaxMemory with one of
	// kind failure.Memory.
	Build func(ctx context.Context, goal board.Board, m board.Metric, params []string, opts *BuildOptions) (Built, error)
}

// ErrParams reports parameters of a build that are not its kind's, or
// are not valid for the board: a partition that is none, a classing of
// another size, parameters for a kind that takes none, or a metric the
// kind does not hold.
var ErrParams = failure.New(failure.Input, "container: bad parameters")

// Legacy is a format of a kind before the container, which its package
// still reads.
type Legacy struct {
	// Magic is the first bytes of every file of the format.
	Magic string
	// Describe reads what the file of size bytes that r holds is, from its
	// header, as Describe does for a file of the container.
	Describe func(r io.ReaderAt, size int64) (Info, error)
}

var registry struct {
	sync.RWMutex
	codecs map[Kind]*Codec
}

// Register registers the codec of a kind of file, so that Open, Describe
// and every reader of the container know it. The packages of the kinds
// register theirs when they are linked in; every program that opens files
// through package source has them all. It panics if the kind or one of
// its legacy magics is registered already, or the codec lacks a name, a
// decoder or a proof: a mistake of the program, not of a file.
func Register(c Codec) {
	if c.Kind == 0 || c.Name == "" || c.Decode == nil || c.Prove == nil {
		panic(fmt.Sprintf("container: kind %d registered without a number, name, decoder or proof", c.Kind))
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.codecs == nil {
		registry.codecs = map[Kind]*Codec{}
	}
	if old, ok := registry.codecs[c.Kind]; ok {
		panic(fmt.Sprintf("container: kind %d registered twice, as %s and %s", c.Kind, old.Name, c.Name))
	}
	for _, l := range c.Legacy {
		if len(l.Magic) < len(Magic) || l.Magic == Magic {
			panic(fmt.Sprintf("container: the %s magic %q is not one of 8 bytes of its own", c.Name, l.Magic))
		}
		if _, other, ok := legacyOf([]byte(l.Magic)); ok {
			panic(fmt.Sprintf("container: the magic %q of %s is %s's", l.Magic, c.Name, other.Name))
		}
	}
	c.Legacy = slices.Clone(c.Legacy)
	registry.codecs[c.Kind] = &c
}

// CodecOf returns the codec registered for the kind k, and false if none
// is.
func CodecOf(k Kind) (*Codec, bool) {
	registry.RLock()
	defer registry.RUnlock()
	c, ok := registry.codecs[k]
	return c, ok
}

// Kinds returns the kinds registered, in the order of their numbers.
func Kinds() []Kind {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Kind, 0, len(registry.codecs))
	for k := range registry.codecs {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// legacyOf returns the format before the container whose magic b starts
// with, and its kind's codec.
func legacyOf(b []byte) (Legacy, *Codec, bool) {
	for _, c := range registry.codecs {
		for _, l := range c.Legacy {
			if len(b) >= len(l.Magic) && string(b[:len(l.Magic)]) == l.Magic {
				return l, c, true
			}
		}
	}
	return Legacy{}, nil, false
}

// codecOfLegacy is legacyOf under the registry's lock.
func codecOfLegacy(b []byte) (Legacy, *Codec, bool) {
	registry.RLock()
	defer registry.RUnlock()
	return legacyOf(b)
}
