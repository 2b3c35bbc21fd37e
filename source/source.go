package source

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/ida"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/container"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

// Errors returned by this package. Errors of reading and proving a file
// wrap those of package table or pdb as well.
var (
	// ErrNotRegular reports a file to read that is not a regular file,
	// such as a directory, a device or a named pipe.
	ErrNotRegular = failure.New(failure.File, "source: not a regular file")
	// ErrKind reports a file that is not of the kind asked for.
	ErrKind = failure.New(failure.File, "source: wrong kind of file")
	// ErrNoDir reports that there is no folder for installed files.
	ErrNoDir = failure.New(failure.File, "source: no folder for installed files")
	// ErrShadowed reports a file to install that nothing would read: a
	// table of a size whose table is built in, which answers first.
	ErrShadowed = failure.New(failure.Input, "source: a built-in table answers first")
	// ErrDamaged reports, to Options.Warn, a block of a file read in place
	// that failed its checksum when it was first needed: in a pattern
	// database its bounds then read as zero, so answers stay exact, only
	// slower; in a table, the lookups of its boards fail, naming it.
	ErrDamaged = failure.New(failure.File, "source: damaged file")
)

// Formats describes the file formats this package reads, a line each:
// the file container, which holds every kind, and the formats of tables
// and pattern databases written before it.
func Formats() []string {
	return []string{
		fmt.Sprintf("file container: version %d (tables, pattern databases, abstraction tiers)", container.Version),
		fmt.Sprintf("table format: versions 1 to %d, before the container", table.FormatVersion),
		fmt.Sprintf("pattern database format: versions 1 to %d, before the container", pdb.FormatVersion),
	}
}

// MaxTableCells is the most cells of a size whose boards a table holds
// (package table's MaxCells); beyond, a search answers.
const MaxTableCells = table.MaxCells

// ExactTable is an exact distance table, of package table, as the
// catalogue hands it out (Source.Table, BuiltinTable, Answer.Table): the
// questions and the front ends name it here, not in the package of its
// file kind.
type ExactTable = table.Table

// Origin says where a Source comes from.
type Origin int

// The origins, in the order Resolver.For asks them (File only when the
// caller names one).
const (
	Builtin   Origin = iota + 1 // built into the program (package data)
	Installed                   // in the folder of installed files
	File                        // a file the caller named
)

// String returns "built-in", "installed", "file", "given" or
// "computed".
func (o Origin) String() string {
	switch o {
	case Computed:
		return "computed"
	case Builtin:
		return "built-in"
	case Installed:
		return "installed"
	case File:
		return "file"
	case Given:
		return "given"
	}
	return fmt.Sprintf("Origin(%d)", int(o))
}

// Kind is what a file holds, or what answers a question: the kind of a
// file is its number in the file's header (package internal/container),
// whose package registers how it is read, described and proven, so that
// a kind of file needs no case here.
type Kind int

// The kinds of file of this program, and ComputedBound, what answers
// where no file does.
const (
	Unknown     Kind = 0                           // none of the others
	Table       Kind = Kind(container.Table)       // an exact distance table (package table)
	PDB         Kind = Kind(container.PatternDB)   // a pattern database (package pdb)
	Abstraction Kind = Kind(container.Abstraction) // an abstraction tier (package abstraction)
	// ComputedBound is a lower bound computed from each board (Manhattan
	// distance and linear conflicts, or lines in multi-tile moves), with
	// no data: what guides a search where no database does. No file is
	// of this kind: its number is beyond those of the header.
	ComputedBound Kind = 1 << 8
)

// String returns the name the kind's package gives it ("table", "pattern
// database", "abstraction tier"), "computed bound" or "unknown".
func (k Kind) String() string {
	if c := k.codec(); c != nil {
		return c.Name
	}
	if k == ComputedBound {
		return "computed bound"
	}
	return "unknown"
}

// codec returns the codec of a kind of file, nil for any other kind.
func (k Kind) codec() *container.Codec {
	if k <= 0 || k >= ComputedBound {
		return nil
	}
	c, _ := container.CodecOf(container.Kind(k))
	return c
}

// Exact reports whether a file of the kind answers distances itself, by
// lookups (a table), rather than bounding them from below to guide a
// search.
func (k Kind) Exact() bool {
	c := k.codec()
	return c != nil && c.Exact
}

// CertifiedCells returns the most cells of a file of the kind that its
// reader proves as it reads it (a table of up to table.CertifiedCells
// cells), 0 for a kind whose files are proven on their first use.
func (k Kind) CertifiedCells() int {
	if c := k.codec(); c != nil {
		return c.CertifiedCells
	}
	return 0
}

// WithArticle returns the kind's name after "a" or "an": "a table", "an
// abstraction tier".
func (k Kind) WithArticle() string {
	if s := k.String(); strings.IndexByte("aeiou", s[0]) >= 0 {
		return "an " + s
	}
	return "a " + k.String()
}

// Source is what answers boards of one size and goal: a file of any kind
// (an exact table, a pattern database that guides an optimal search in
// single-tile moves, an abstraction tier that guides one in multi-tile
// moves), or (given by a caller, Origin Given) a heuristic of its own; and
// where it comes from. A Source read from a file, built in or built holds
// what its kind's decoder read (see Kind), and for an exact table, Table
// is that table too. A Source made by hand sets exactly one of Table and
// Heuristic.
type Source struct {
	Origin Origin
	Path   string       // the file; "" for a built-in or given one
	Table  *table.Table // the exact table, or nil
	// Heuristic is a lower bound a caller gives (see CatalogOptions), in
	// the metric HeuristicMetric, or nil.
	Heuristic       ida.Heuristic
	HeuristicMetric board.Metric

	// value is what the file was read into, whatever its kind; nil for a
	// source made by hand.
	value container.Value
	// mu guards pending.
	mu sync.Mutex
	// pending says that the file was read by Resolver.Read and is not
	// proven yet: a Catalog proves it before its first answer.
	pending bool
}

// newSource returns the source of v, read from the file at path ("" for
// a built-in one) of the given origin.
func newSource(origin Origin, path string, v container.Value) *Source {
	s := &Source{Origin: origin, Path: path, value: v}
	s.Table, _ = v.(*table.Table)
	return s
}

// file returns what the source's file was read into, whatever its kind,
// or nil for a heuristic given.
func (s *Source) file() container.Value {
	switch {
	case s.value != nil:
		return s.value
	case s.Table != nil: // a source made by hand
		return s.Table
	}
	return nil
}

// empty reports whether the source holds nothing: no file, no heuristic.
func (s *Source) empty() bool { return s.file() == nil && s.Heuristic == nil }

// Kind returns the kind of the source's file (Table, PDB, Abstraction, or
// another registered), or Unknown for a given heuristic.
func (s *Source) Kind() Kind {
	if f := s.file(); f != nil {
		return Kind(f.Kind())
	}
	return Unknown
}

// Goal returns the goal the source measures distances to.
func (s *Source) Goal() board.Board {
	if f := s.file(); f != nil {
		return f.Goal()
	}
	return s.Heuristic.Goal()
}

// bounder is a file whose entries bound distances from below, in its
// metric, to guide a search: a pattern database, an abstraction tier.
type bounder interface {
	Bound() ida.Heuristic
}

// Bound returns the lower bound the source gives searches in the metric m
// (its file's, of a kind that bounds distances in m, such as a pattern
// database in single-tile moves or an abstraction tier in multi-tile
// moves, or the heuristic given for m), or nil.
func (s *Source) Bound(m board.Metric) ida.Heuristic {
	if f := s.file(); f != nil {
		if b, ok := f.(bounder); ok && f.Metric() == m {
			return b.Bound()
		}
		return nil
	}
	if s.Heuristic != nil && s.HeuristicMetric == m {
		return s.Heuristic
	}
	return nil
}

// Size returns the size of the boards the source answers for.
func (s *Source) Size() board.Size { return s.Goal().Size() }

// String names the source for a person: "the built-in 3x3 table", "the
// installed pattern database /home/ann/.cache/slidetable/4x4.pdb", "the
// table 4x3.tbl".
func (s *Source) String() string {
	switch {
	case s.Origin == Builtin:
		return fmt.Sprintf("the built-in %s %s", s.Size(), s.Kind())
	case s.Origin == Installed:
		return fmt.Sprintf("the installed %s %s", s.Kind(), s.Path)
	case s.Origin == Given && s.Kind() == Unknown:
		return fmt.Sprintf("a %s heuristic given", s.Size())
	case s.Origin == Given:
		return fmt.Sprintf("a %s %s given", s.Size(), s.Kind())
	case s.Origin == Computed:
		return fmt.Sprintf("a %s %s built here", s.Size(), s.Kind())
	}
	return fmt.Sprintf("the %s %s", s.Kind(), s.Path)
}

// Close releases what the source holds: a table's memory, a pattern
// database's open file (a large one is read in place). A built-in source
// is shared and stays; closing it does nothing, as for a given one, which
// its giver closes.
func (s *Source) Close() error {
	f := s.file()
	if f == nil || s.Origin == Builtin || s.Origin == Given || s.Origin == Computed {
		return nil
	}
	return f.Close()
}

// Options configures a Resolver. A nil *Options means the zero value: no
// folder of installed files, the readers' default memory limit, proofs on
// every core and no callbacks.
type Options struct {
	// Dir is the folder of installed files and of the records of proofs
	// (see DefaultDir); "" means none: no installed file is looked for,
	// and proofs are not recorded, so each use proves its file again.
	Dir string
	// UserDir, if Dir is "", makes the user's folder (DefaultDir) the
	// folder of installed files and proof records, found when the
	// resolver or catalogue is made, or none if the user has none: for
	// a front end, which answers as the user's installation does.
	UserDir bool
	// MaxMemory bounds what a reader and a proof allocate; 0 means the
	// default, half the physical memory (less under an address-space
	// limit). A file that needs more fails with an error wrapping
	// table.ErrMemory or pdb.ErrMemory, naming the need and the limit.
	MaxMemory uint64
	// Workers is the number of goroutines of a proof; 0 means one a core.
	Workers int
	// Recheck proves every file read, even one recorded or known as
	// proven, and records the outcome: for checking a file on purpose.
	Recheck bool
	// Progress, if set, is called while a file is proven, a chunk at a
	// time. Calls do not overlap.
	Progress func(Progress)
	// Metric is what counts as one move in the distances the resolver's
	// sources answer; the zero value is board.SingleTile. In the
	// multi-tile metric tables answer (built in for the sizes of
	// BuiltinSizes, installed as WxH-multi.tbl), and abstraction tiers
	// guide searches (built in for 4x4, installed as WxH-multi.abs): no
	// pattern database is a lower bound there. A table of the other
	// metric does not answer.
	Metric board.Metric
	// Warn, if set, is called once for each thing the resolver passes over
	// or cannot do, which costs no answer its exactness: an entry of Dir
	// that is skipped because it is not a regular file (a directory, a
	// dangling symbolic link, a loop of them, a device); a folder of proof
	// records that is not trusted, because another user could have
	// written to it (see the package documentation); a proof that could
	// not be recorded; a block of a pattern database that fails its
	// checksum when a search first reads it (ErrDamaged). path is the file
	// or folder concerned, and err a sentence for a person that names it
	// and says what happens instead. Warn may be called from a search's
	// goroutine and must not block.
	Warn func(path string, err error)
}

// Progress is how far the proof of a file has got.
type Progress struct {
	Path        string     // the file being proven
	Kind        Kind       // what it holds
	Size        board.Size // the size of its boards
	Done, Total uint64     // the units of work (boards, entries) done and to do
}

// Resolver finds and opens what answers for a size and goal; see the
// package documentation. It is safe for concurrent use.
type Resolver struct {
	opts   Options
	mu     sync.Mutex
	warned map[string]bool
	// stage, set only by tests, is called as a file is opened: "opened"
	// once it is open and its kind known, "read" once it is read,
	// "proven" once it is proven or found recorded, so that a test can
	// change the file at each moment.
	stage func(name string)
	// proveSmall, set only by tests, proves and records tables the
	// reader certified as though they were larger (see certified).
	proveSmall bool
}

// NewResolver returns a Resolver configured by opts.
func NewResolver(opts *Options) *Resolver {
	r := &Resolver{warned: map[string]bool{}}
	if opts != nil {
		r.opts = *opts
	}
	if r.opts.Dir == "" && r.opts.UserDir {
		r.opts.Dir, _ = DefaultDir() // "" if the user has no cache folder
	}
	return r
}

// Dir returns the folder of installed files, "" if there is none.
func (r *Resolver) Dir() string { return r.opts.Dir }

// For returns what answers boards of goal's size towards goal in the
// resolver's metric, proven: a built-in table, else an installed table,
// else an installed database, else the built-in database (a pattern
// database in the single-tile metric, an abstraction tier in the
// multi-tile one). Only the standard goal has
// built-in and installed files. It returns nil and no error if nothing
// does, for a search with no pattern database. An installed file that
// cannot answer (unreadable, damaged, wrong, or for another size or goal)
// is an *InstalledError. A Catalog asks tableFor and databaseFor in turn.
func (r *Resolver) For(ctx context.Context, goal board.Board) (*Source, error) {
	if src, err := r.tableFor(ctx, goal); src != nil || err != nil {
		return src, err
	}
	return r.databaseFor(ctx, goal)
}

// tableFor is For restricted to tables: the built-in table, else the
// installed one, else nil. It reads no pattern database.
func (r *Resolver) tableFor(ctx context.Context, goal board.Board) (*Source, error) {
	if err := checkGoal(goal); err != nil || goal != board.Goal(goal.Size()) {
		return nil, err
	}
	if src, err := r.builtin(ctx, goal, true); src != nil || err != nil {
		return src, err
	}
	if kind, path := r.installedTable(goal.Size()); path != "" {
		return r.openInstalled(ctx, path, goal, kind)
	}
	return nil, nil
}

// databaseFor is For restricted to the databases that guide a search, as
// the recipes of the size and metric say (package internal/recipe): in
// the single-tile metric a pattern database, in the multi-tile metric an
// abstraction tier (pattern databases are no lower bounds there); the
// installed one, else the built-in one, else nil.
func (r *Resolver) databaseFor(ctx context.Context, goal board.Board) (*Source, error) {
	if err := checkGoal(goal); err != nil || goal != board.Goal(goal.Size()) {
		return nil, err
	}
	if kind, path := r.installedDatabase(goal.Size()); path != "" {
		return r.openInstalled(ctx, path, goal, kind)
	}
	return r.builtin(ctx, goal, false)
}

// checkGoal refuses the zero board.
func checkGoal(goal board.Board) error {
	if goal.IsZero() {
		return fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	return nil
}

// Open reads the file at path, of any kind (a table, a pattern database,
// an abstraction tier), and proves it (see the package documentation).
// The file is opened once: its header says its kind, whose decoder reads
// the open file. A path that is not a regular file is refused with an
// error wrapping ErrNotRegular; a file of no kind this program reads,
// with one wrapping container.ErrFormat.
func (r *Resolver) Open(ctx context.Context, path string) (*Source, error) {
	return r.open(ctx, path, File)
}

// Read reads the file at path as Open does, but does not prove it yet: a
// Catalog it is given to (CatalogOptions.Given) proves it before its first
// answer, and does not prove at all a file it refuses for the question
// asked, so that a file named for the wrong question is refused at once,
// whatever its size. Nothing else may answer from it.
func (r *Resolver) Read(path string) (*Source, error) {
	src, err := r.read(path, File)
	if err != nil {
		return nil, err
	}
	src.pending = true
	return src, nil
}

// proveGiven proves src if it was read by Read and is not proven yet.
func (r *Resolver) proveGiven(ctx context.Context, src *Source) error {
	src.mu.Lock()
	defer src.mu.Unlock()
	if !src.pending {
		return nil
	}
	if err := r.prove(ctx, src); err != nil {
		return err
	}
	src.pending = false
	return nil
}

// open reads and proves the file at path, of the given origin.
func (r *Resolver) open(ctx context.Context, path string, origin Origin) (*Source, error) {
	src, err := r.read(path, origin)
	if err != nil {
		return nil, err
	}
	if err := r.prove(ctx, src); err != nil {
		src.Close()
		return nil, err
	}
	return src, nil
}

// read reads the file at path, of the given origin, without proving it:
// it opens the file once, and its kind's decoder reads the open file.
func (r *Resolver) read(path string, origin Origin) (*Source, error) {
	v, err := container.Read(path, func(o *container.Opened) (container.Value, error) {
		r.at("opened")
		damage := o.Codec().Damage
		return container.Decode(o, &container.ReadOptions{MaxMemory: r.opts.MaxMemory, Damaged: func(err error) {
			r.warn(path, fmt.Errorf("%w: %w; %s", ErrDamaged, err, damage))
		}})
	})
	if nr := (*atomicfile.NotRegularError)(nil); errors.As(err, &nr) {
		return nil, fmt.Errorf("%w: %s is %s", ErrNotRegular, path, nr.Kind)
	}
	if err != nil {
		return nil, err
	}
	r.at("read")
	return newSource(origin, path, v), nil
}

// at calls the test's stage hook, if any.
func (r *Resolver) at(stage string) {
	if r.stage != nil {
		r.stage(stage)
	}
}

// warn reports path to Options.Warn, once.
func (r *Resolver) warn(path string, err error) {
	if r.opts.Warn == nil {
		return
	}
	r.mu.Lock()
	seen := r.warned[path]
	r.warned[path] = true
	r.mu.Unlock()
	if !seen {
		r.opts.Warn(path, err)
	}
}
