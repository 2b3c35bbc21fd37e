package source

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/recipe"
)

// DirEnv names the environment variable that, when set, is the user's
// folder of installed files and proof records (DefaultDir).
const DirEnv = "SLIDETABLE_CACHE"

// DefaultDir returns the user's folder of installed files and proof
// records, the one the command line and the C library share
// (Options.UserDir): $SLIDETABLE_CACHE if set, else slidetable in the
// user's cache folder (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on
// Linux, ~/Library/Caches on macOS, %LocalAppData% on Windows).
func DefaultDir() (string, error) {
	if dir := os.Getenv(DirEnv); dir != "" {
		return dir, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoDir, err)
	}
	return filepath.Join(dir, "slidetable"), nil
}

// ErrNoBuild reports a question no file can be built for: no recipe
// builds one for its size and metric (boards of more than 12 cells in the
// multi-tile metric, but for the 4x4), or its recipe is for the standard
// goal only (the 4x4 abstraction tier).
var ErrNoBuild = failure.New(failure.Input, "source: no file is built for this")

// BuildKind returns the kind of file that answers boards towards goal in
// the metric m, as 'slidetable build' makes it (Build) and a Resolver
// finds it installed: the kind of its recipe (package internal/recipe: a
// table up to 12 cells; above, a pattern database in the single-tile
// metric, or in the multi-tile metric the 4x4 abstraction tier, for the
// standard goal). Any other question fails with an error wrapping
// ErrNoBuild that says why.
func BuildKind(goal board.Board, m board.Metric) (Kind, error) {
	rec, err := buildRecipe(goal, m, false)
	if err != nil {
		return Unknown, err
	}
	return Kind(rec.Kind), nil
}

// FileName returns the usual name of the file of kind for boards of size
// in the metric m, as its recipe names it: WxH.tbl or WxH-multi.tbl for a
// table, WxH.pdb for a pattern database, WxH-multi.abs for an abstraction
// tier; the name a build writes by default and an installed file has. A
// kind with no recipe for the size has the name of its number:
// WxH.kind9.
func FileName(size board.Size, kind Kind, m board.Metric) string {
	for _, r := range recipe.Find(size, m, recipe.Installed, recipe.Builtin, recipe.OnDemand) {
		if Kind(r.Kind) == kind {
			return r.FileName()
		}
	}
	return recipe.Recipe{Size: size, Metric: m, Ext: fmt.Sprintf("kind%d", int(kind))}.FileName()
}

// InstallPath returns the path of the file installed for boards of size
// to the standard goal in the resolver's metric: the FileName of its
// recipe (BuildKind), in the folder of installed files. It fails with
// ErrNoDir if there is no folder, with ErrShadowed for a size whose table
// is built in: the built-in table answers first, so an installed one
// would never be read, and with ErrNoBuild for a size with no file in the
// metric.
func (r *Resolver) InstallPath(size board.Size) (string, error) {
	if err := size.Validate(); err != nil {
		return "", err
	}
	if HasBuiltin(size) {
		return "", fmt.Errorf("%w: %s has a built-in table, so an installed one would never be read", ErrShadowed, size)
	}
	rec, err := buildRecipe(board.Goal(size), r.opts.Metric, false)
	if err != nil {
		return "", err
	}
	if r.opts.Dir == "" {
		return "", ErrNoDir
	}
	return filepath.Join(r.opts.Dir, rec.FileName()), nil
}

// InstalledError reports an installed file that cannot answer: it cannot
// be read, is damaged, fails its proof, or is for another size or goal.
type InstalledError struct {
	Path   string       // the file
	Size   board.Size   // the size it is installed for
	Metric board.Metric // the metric it is installed for
	Err    error        // what is wrong, naming Path
}

func (e *InstalledError) Error() string { return e.Err.Error() }

// Is reports that an installed file that cannot answer is a failure of
// the file kind (failure.File), whatever Err says.
func (e *InstalledError) Is(target error) bool { return target == failure.File }

// Rebuild returns the command that builds and installs the file again:
// 'slidetable build -install 4x3', or with -metric multi for a file of
// the multi-tile metric.
func (e *InstalledError) Rebuild() string {
	if e.Metric == board.MultiTile {
		return "slidetable build -metric multi -install " + e.Size.String()
	}
	return "slidetable build -install " + e.Size.String()
}

// Unwrap returns Err.
func (e *InstalledError) Unwrap() error { return e.Err }

// installed returns the path of the file of kind installed for size, as
// its recipe names it, or "" if there is none. An entry that is not a
// regular file, or a symbolic link to one, is reported to Options.Warn and
// skipped.
func (r *Resolver) installed(size board.Size, kind Kind) string {
	rec, ok := recipe.Build(size, r.opts.Metric)
	if !ok || Kind(rec.Kind) != kind || r.opts.Dir == "" {
		return ""
	}
	path := filepath.Join(r.opts.Dir, rec.FileName())
	if why := notFile(path); why != nil {
		if !errors.Is(why, fs.ErrNotExist) {
			r.warn(path, fmt.Errorf("skipped %s: %w", path, why))
		}
		return ""
	}
	return path
}

// notFile says why path is not a regular file or a symbolic link to one,
// wrapping fs.ErrNotExist if there is nothing there; nil if it is one.
func notFile(path string) error {
	li, err := os.Lstat(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, syscall.ELOOP):
		return errors.New("a loop of symbolic links")
	case errors.Is(err, fs.ErrNotExist) && li.Mode()&fs.ModeSymlink != 0:
		target, _ := os.Readlink(path)
		return fmt.Errorf("a symbolic link to %s, which does not exist", target)
	case err != nil:
		return err
	case fi.Mode().IsRegular():
		return nil
	}
	if nr := (*atomicfile.NotRegularError)(nil); errors.As(atomicfile.Check(path), &nr) {
		return errors.New(nr.Kind + ", not a file")
	}
	return errors.New("not a regular file")
}

// openInstalled reads and proves the file installed at path for goal's
// size, which must be of that size and goal, and of the kind want.
func (r *Resolver) openInstalled(ctx context.Context, path string, goal board.Board, want Kind) (*Source, error) {
	size := goal.Size()
	fail := func(err error) (*Source, error) {
		return nil, &InstalledError{Path: path, Size: size, Metric: r.opts.Metric, Err: err}
	}
	src, err := r.open(ctx, path, Installed)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		return fail(err)
	}
	if src.Kind() != want {
		src.Close()
		return fail(fmt.Errorf("%w: %s is %s, not %s", ErrKind, path, src.Kind().WithArticle(), want.WithArticle()))
	}
	if got := src.Goal(); got != goal {
		src.Close()
		return fail(fmt.Errorf("%s is for %s to %s, not %s to the standard goal", path, got.Size(), got, size))
	}
	if src.Metric() != r.opts.Metric {
		src.Close()
		return fail(fmt.Errorf("%s counts %s-tile moves, not %s-tile", path, src.Metric(), r.opts.Metric))
	}
	return src, nil
}

// installedTable returns the kind of the exact file installed for size
// (a table), as its recipe says, and its path, or "" if there is none.
func (r *Resolver) installedTable(size board.Size) (Kind, string) {
	if rec, ok := recipe.Build(size, r.opts.Metric); ok && Kind(rec.Kind).Exact() {
		return Kind(rec.Kind), r.installed(size, Kind(rec.Kind))
	}
	return Unknown, ""
}

// installedDatabase returns the kind of the database installed for size
// that bounds searches (a pattern database, an abstraction tier), as its
// recipe says, and its path, or "" if there is none.
func (r *Resolver) installedDatabase(size board.Size) (Kind, string) {
	if rec, ok := recipe.Build(size, r.opts.Metric); ok && !Kind(rec.Kind).Exact() {
		return Kind(rec.Kind), r.installed(size, Kind(rec.Kind))
	}
	return Unknown, ""
}

// installedFile is a size with a file of kind installed for it.
type installedFile struct {
	size board.Size
	kind Kind
}

// installedSizes returns the sizes with a file installed for the
// resolver's metric, under the name of its recipe, whether it can answer
// or not, smallest first, with the kind of the file: those a catalogue
// offers besides the built-in ones. An entry that is not a regular file is
// reported to Options.Warn and left out.
func (r *Resolver) installedSizes() ([]installedFile, error) {
	if r.opts.Dir == "" {
		return nil, nil
	}
	entries, err := os.ReadDir(r.opts.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []installedFile
	seen := map[board.Size]bool{}
	for _, e := range entries {
		name := e.Name()
		base, _, _ := strings.Cut(name, ".")
		base = strings.TrimSuffix(base, "-multi")
		size, err := board.ParseSize(base)
		if base == name || err != nil || size.String() != base || HasBuiltin(size) || seen[size] {
			continue
		}
		rec, ok := recipe.Build(size, r.opts.Metric)
		if ok && rec.FileName() == name && r.installed(size, Kind(rec.Kind)) != "" {
			seen[size] = true
			out = append(out, installedFile{size, Kind(rec.Kind)})
		}
	}
	slices.SortStableFunc(out, func(a, b installedFile) int {
		if c := a.size.Cells() - b.size.Cells(); c != 0 {
			return c
		}
		return strings.Compare(a.size.String(), b.size.String())
	})
	return out, nil
}
