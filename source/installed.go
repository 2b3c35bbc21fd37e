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
	"github.com/slidetable/slidetable/table"
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

// ext returns the name ending of a file of kind in the metric: .tbl,
// -multi.tbl, .pdb or -multi.abs.
func ext(kind Kind, metric board.Metric) string {
	switch {
	case kind == PDB:
		return ".pdb"
	case kind == Abstraction:
		return "-multi.abs"
	case metric == board.MultiTile:
		return "-multi.tbl"
	}
	return ".tbl"
}

// ErrNoBuild reports a question no file can be built for: boards of more
// than table.MaxCells cells in the multi-tile metric, but for the 4x4
// towards the standard goal, which has an abstraction tier.
var ErrNoBuild = failure.New(failure.Input, "source: no file is built for this")

// BuildKind returns the kind of file that answers boards towards goal in
// the metric m, as 'slidetable build' makes it and a Resolver finds it
// installed: a table up to table.MaxCells cells; above, a pattern database
// in the single-tile metric, or in the multi-tile metric an abstraction
// tier, whose classings (abstraction.Large4x4) are those of the 4x4
// towards the standard goal. Any other question of more cells fails with
// an error wrapping ErrNoBuild that says why.
func BuildKind(goal board.Board, m board.Metric) (Kind, error) {
	size := goal.Size()
	switch {
	case size.Cells() <= table.MaxCells:
		return Table, nil
	case m == board.SingleTile:
		return PDB, nil
	case size != abstractionSize:
		return Unknown, fmt.Errorf("%w: %s has too many boards for a table (tables go up to %d cells), and no pattern database is a lower bound in the multi-tile metric", ErrNoBuild, size, table.MaxCells)
	case goal != board.Goal(size):
		return Unknown, fmt.Errorf("%w: the multi-tile %s abstraction tier is for the standard goal, not %s", ErrNoBuild, size, goal)
	}
	return Abstraction, nil
}

// abstractionSize is the size whose abstraction tier can be built: the
// classings of abstraction.Large4x4 are of its cells.
var abstractionSize = board.Size{W: 4, H: 4}

// FileName returns the usual name of the file of kind for boards of size
// in the metric m: WxH.tbl or WxH-multi.tbl for a table, WxH.pdb for a
// pattern database, WxH-multi.abs for an abstraction tier; the name a
// build writes by default and an installed file has.
func FileName(size board.Size, kind Kind, m board.Metric) string {
	return size.String() + ext(kind, m)
}

// InstallPath returns the path of the file installed for boards of size
// to the standard goal in the resolver's metric: the FileName of its
// BuildKind, in the folder of installed files. It fails with ErrNoDir if
// there is no folder, with ErrShadowed for a size whose table is built
// in: the built-in table answers first, so an installed one would never be
// read, and with ErrNoBuild for a size with no file in the metric.
func (r *Resolver) InstallPath(size board.Size) (string, error) {
	if err := size.Validate(); err != nil {
		return "", err
	}
	if HasBuiltin(size) {
		return "", fmt.Errorf("%w: %s has a built-in table, so an installed one would never be read", ErrShadowed, size)
	}
	kind, err := BuildKind(board.Goal(size), r.opts.Metric)
	if err != nil {
		return "", err
	}
	if r.opts.Dir == "" {
		return "", ErrNoDir
	}
	return filepath.Join(r.opts.Dir, FileName(size, kind, r.opts.Metric)), nil
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

// installed returns the path of the file of kind installed for size, or
// "" if there is none. An entry that is not a regular file, or a symbolic
// link to one, is reported to Options.Warn and skipped.
func (r *Resolver) installed(size board.Size, kind Kind) string {
	if r.opts.Dir == "" {
		return ""
	}
	path := filepath.Join(r.opts.Dir, size.String()+ext(kind, r.opts.Metric))
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
		return fail(fmt.Errorf("%w: %s is %s, not %s", ErrKind, path, src.Kind().withArticle(), want.withArticle()))
	}
	if got := src.Goal(); got != goal {
		src.Close()
		return fail(fmt.Errorf("%s is for %s to %s, not %s to the standard goal", path, got.Size(), got, size))
	}
	if src.Table != nil && src.Table.Metric() != r.opts.Metric {
		src.Close()
		return fail(fmt.Errorf("%s counts %s-tile moves, not %s-tile", path, src.Table.Metric(), r.opts.Metric))
	}
	return src, nil
}

// installedFile is a size with a file of kind installed for it.
type installedFile struct {
	size board.Size
	kind Kind
}

// installedSizes returns the sizes with a file installed for the
// resolver's metric, whether it can answer or not, smallest first, with
// the kind of the file (a table, if there are both): those a catalogue
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
		for _, kind := range []Kind{Table, databaseKind(r.opts.Metric)} {
			if !seen[size] && r.installed(size, kind) != "" {
				seen[size] = true
				out = append(out, installedFile{size, kind})
			}
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
