package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/slidetable/slidetable/abstraction"
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

// Kind is what a file holds, or what answers a question.
type Kind int

// The kinds of file, told apart by their first bytes (see Sniff), and
// ComputedBound, what answers where no file does.
const (
	Unknown     Kind = iota // none of the others
	Table                   // an exact distance table (package table)
	PDB                     // a pattern database (package pdb)
	Abstraction             // an abstraction tier (package abstraction)
	// ComputedBound is a lower bound computed from each board (Manhattan
	// distance and linear conflicts, or lines in multi-tile moves), with
	// no data: what guides a search where no database does. No file is
	// of this kind.
	ComputedBound
)

// String returns "table", "pattern database", "abstraction tier",
// "computed bound" or "unknown".
func (k Kind) String() string {
	switch k {
	case Table:
		return "table"
	case PDB:
		return "pattern database"
	case Abstraction:
		return "abstraction tier"
	case ComputedBound:
		return "computed bound"
	}
	return "unknown"
}

// withArticle returns the kind's name after "a" or "an": "a table", "an
// abstraction database".
func (k Kind) withArticle() string {
	if s := k.String(); strings.IndexByte("aeiou", s[0]) >= 0 {
		return "an " + s
	}
	return "a " + k.String()
}

// Source is what answers boards of one size and goal: an exact table, a
// pattern database that guides an optimal search in single-tile moves, an
// abstraction database that guides one in multi-tile moves, or (given by a
// caller, Origin Given) a heuristic of its own; and where it comes from.
// Exactly one of Table, DB, Abstraction and Heuristic is set.
type Source struct {
	Origin Origin
	Path   string       // the file; "" for a built-in or given one
	Table  *table.Table // the exact table, or nil
	DB     *pdb.DB      // the pattern database, or nil
	// Abstraction is the abstraction database, or nil.
	Abstraction *abstraction.DB
	// Heuristic is a lower bound a caller gives (see CatalogOptions), in
	// the metric HeuristicMetric, or nil.
	Heuristic       ida.Heuristic
	HeuristicMetric board.Metric

	// mu guards pending.
	mu sync.Mutex
	// pending says that the file was read by Resolver.Read and is not
	// proven yet: a Catalog proves it before its first answer.
	pending bool
}

// Kind returns Table, PDB, or Unknown for a given heuristic.
func (s *Source) Kind() Kind {
	switch {
	case s.Table != nil:
		return Table
	case s.DB != nil:
		return PDB
	case s.Abstraction != nil:
		return Abstraction
	}
	return Unknown
}

// Goal returns the goal the source measures distances to.
func (s *Source) Goal() board.Board {
	switch {
	case s.Table != nil:
		return s.Table.Goal()
	case s.DB != nil:
		return s.DB.Goal()
	case s.Abstraction != nil:
		return s.Abstraction.Goal()
	}
	return s.Heuristic.Goal()
}

// Bound returns the lower bound the source gives searches in the metric m
// (its pattern database's in single-tile moves, its abstraction tier's in
// multi-tile moves, or the heuristic given for m), or nil.
func (s *Source) Bound(m board.Metric) ida.Heuristic {
	switch {
	case s.DB != nil && m == board.SingleTile:
		return s.DB.Heuristic()
	case s.Abstraction != nil && m == board.MultiTile:
		return s.Abstraction.Heuristic()
	case s.Heuristic != nil && s.HeuristicMetric == m:
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
	switch {
	case s.Origin == Builtin, s.Origin == Given, s.Origin == Computed:
		return nil
	case s.Table != nil:
		return s.Table.Close()
	case s.Abstraction != nil:
		return s.Abstraction.Close()
	}
	return s.DB.Close()
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
	// stage, set only by tests, is called as a file is opened: "sniffed"
	// once its kind is known, "read" once it is read, "proven" once it
	// is proven or found recorded, so that a test can change the file at
	// each moment.
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
	if path := r.installed(goal.Size(), Table); path != "" {
		return r.openInstalled(ctx, path, goal, Table)
	}
	return nil, nil
}

// databaseFor is For restricted to the databases that guide a search: in
// the single-tile metric a pattern database, in the multi-tile metric an
// abstraction database (pattern databases are no lower bounds there); the
// installed one, else the built-in one, else nil.
func (r *Resolver) databaseFor(ctx context.Context, goal board.Board) (*Source, error) {
	if err := checkGoal(goal); err != nil || goal != board.Goal(goal.Size()) {
		return nil, err
	}
	kind := databaseKind(r.opts.Metric)
	if path := r.installed(goal.Size(), kind); path != "" {
		return r.openInstalled(ctx, path, goal, kind)
	}
	return r.builtin(ctx, goal, false)
}

// databaseKind returns the kind of database that bounds searches in m.
func databaseKind(m board.Metric) Kind {
	if m == board.MultiTile {
		return Abstraction
	}
	return PDB
}

// checkGoal refuses the zero board.
func checkGoal(goal board.Board) error {
	if goal.IsZero() {
		return fmt.Errorf("%w: the zero board has no cells", board.ErrSize)
	}
	return nil
}

// Open reads the file at path, a table, a pattern database or an
// abstraction tier by its first bytes, and proves it (see the package
// documentation). A path that is not a regular file is refused with an
// error wrapping ErrNotRegular; a file of none of these kinds is read as
// a table, whose reader says what is wrong with it.
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

// read reads the file at path, of the given origin, by its kind (Sniff),
// without proving it.
func (r *Resolver) read(path string, origin Origin) (*Source, error) {
	kind, err := Sniff(path)
	if err != nil {
		return nil, err
	}
	r.at("sniffed")
	src := &Source{Origin: origin, Path: path}
	switch kind {
	case Abstraction:
		src.Abstraction, err = abstraction.OpenWith(path, &abstraction.ReadOptions{MaxMemory: r.opts.MaxMemory, Damaged: func(err error) {
			r.warn(path, fmt.Errorf("%w: %w; the bounds it holds read as unknown, so answers stay exact but searches are slower", ErrDamaged, err))
		}})
	case PDB:
		src.DB, err = pdb.OpenWith(path, &pdb.ReadOptions{MaxMemory: r.opts.MaxMemory, Damaged: func(err error) {
			r.warn(path, fmt.Errorf("%w: %w; the bounds it holds read as zero, so answers stay exact but searches are slower", ErrDamaged, err))
		}})
	default:
		// Another file is read as a table, whose reader says what is
		// wrong with it ("too short", "not a table file").
		src.Table, err = table.OpenWith(path, &table.ReadOptions{MaxMemory: r.opts.MaxMemory, Damaged: func(err error) {
			r.warn(path, fmt.Errorf("%w: %w; the boards it holds cannot be answered from it", ErrDamaged, err))
		}})
		if errors.Is(err, table.ErrNotRegular) {
			// Replaced since Sniff looked at it.
			err = fmt.Errorf("%w: %s", ErrNotRegular, path)
		}
	}
	if err != nil {
		return nil, err
	}
	r.at("read")
	return src, nil
}

// at calls the test's stage hook, if any.
func (r *Resolver) at(stage string) {
	if r.stage != nil {
		r.stage(stage)
	}
}

// Sniff tells what the file at path holds by its first bytes: Table,
// PDB, or Unknown for anything else, such as an empty file. It opens only
// regular files (a named pipe would block it): another path fails with an
// error wrapping ErrNotRegular.
func Sniff(path string) (Kind, error) {
	if err := atomicfile.Check(path); err != nil {
		var nr *atomicfile.NotRegularError
		if errors.As(err, &nr) {
			return Unknown, fmt.Errorf("%w: %s is %s", ErrNotRegular, path, nr.Kind)
		}
		return Unknown, err
	}
	f, err := os.Open(path)
	if err != nil {
		return Unknown, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil {
		return Unknown, err
	} else if !fi.Mode().IsRegular() {
		return Unknown, fmt.Errorf("%w: %s", ErrNotRegular, path)
	}
	b := make([]byte, container.SniffLen)
	n, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return Unknown, err
	}
	switch k, _ := container.Sniff(b[:n]); k {
	case container.Table:
		return Table, nil
	case container.PatternDB:
		return PDB, nil
	case container.Abstraction:
		return Abstraction, nil
	}
	return Unknown, nil
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
