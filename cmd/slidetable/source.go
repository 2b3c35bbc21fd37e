package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/source"
)

// resolver returns the command's resolver in its metric, which finds and
// proves files (see package source): it warns on standard error of an
// installed entry it skips, and draws a progress bar there while it proves
// a file, unless the command is quiet (f.quiet, set once its flags are
// parsed).
func (f *flags) resolver() *source.Resolver {
	if f.res == nil {
		opts := f.sourceOptions()
		opts.Metric = f.metric
		f.res = source.NewResolver(&opts)
	}
	return f.res
}

// catalog returns the catalogue that decides what answers for the
// command (see package source), with the resolver's options and what the
// command's flags give: files (-table), goals (-goal), searching every
// size (-ida) and sizes to offer by search (serve -search). It closes the
// files given if it fails.
func (f *flags) catalog(opts source.CatalogOptions) (*source.Catalog, error) {
	opts.Options = f.sourceOptions()
	cat, err := source.NewCatalog(&opts)
	if err != nil {
		closeGiven(opts)
		return nil, f.fail(err)
	}
	return cat, nil
}

// solver returns the solver of the command's metric over a catalogue of
// its own, made as catalog makes one: the commands that answer boards
// ask nothing else; more are further options of the solver. It closes
// the files given if it fails.
func (f *flags) solver(opts source.CatalogOptions, more ...solver.Option) (*solver.Solver, error) {
	opts.Options = f.sourceOptions()
	s, err := solver.New(append([]solver.Option{solver.WithCatalogOptions(opts), solver.WithMetric(f.metric)}, more...)...)
	if err != nil {
		closeGiven(opts)
		return nil, f.fail(err)
	}
	return s, nil
}

// closeGiven closes the files of opts.Given, of a catalogue not made.
func closeGiven(opts source.CatalogOptions) {
	for _, src := range opts.Given {
		src.Close()
	}
}

// sourceOptions returns the options of the command's resolvers.
func (f *flags) sourceOptions() source.Options {
	opts := source.Options{
		UserDir:   true,
		Recheck:   f.recheck,
		MaxMemory: f.memory,
		Warn: func(_ string, err error) {
			msg := clipWords(userMessage(err))
			if errors.Is(err, source.ErrDamaged) {
				msg += "; rebuild the file (slidetable build), or check it (slidetable verify)"
			}
			f.mu.Lock()
			seen := f.warned[msg]
			if f.warned == nil {
				f.warned = map[string]bool{}
			}
			f.warned[msg] = true
			f.mu.Unlock()
			switch {
			case seen: // said once, by one of the command's resolvers
			case f.warn != nil:
				f.warn(msg)
			default:
				f.mu.Lock()
				fmt.Fprintf(f.stderr, "slidetable %s: warning: %s\n", f.name, msg)
				f.mu.Unlock()
			}
		},
	}
	if !f.quiet {
		var bar *progress
		var proving source.Progress // the file the bar is for
		opts.Progress = func(p source.Progress) {
			if bar == nil || p.Path != proving.Path || p.Size != proving.Size {
				desc := fmt.Sprintf("proving the %s %s", p.Kind, p.Path)
				if p.Path == "" {
					desc = fmt.Sprintf("proving the built-in %s %s", p.Size, p.Kind)
				}
				bar, proving = newProgress(f.stderr, int64(p.Total), desc), p
			}
			bar.Set64(int64(p.Done))
			if p.Done == p.Total && !bar.IsFinished() {
				bar.Finish()
			}
		}
	}
	return opts
}

// openFile reads the file path given with -table, of any kind, for the
// command's catalogue (CatalogOptions.Given): not proven yet, as the
// catalogue proves it before it answers, and refuses it unproven, at
// once, for a question it cannot answer. Without -metric the command asks
// in the file's metric (source.Source.Metric). A path that is not a
// regular file is a usage error.
func (f *flags) openFile(path string) (*source.Source, error) {
	src, err := f.resolver().Read(path)
	if err != nil {
		return nil, memoryError(f.fileError(err))
	}
	if !f.metricSet {
		f.metric = src.Metric()
		f.res = nil // a resolver made before counted other moves
		if f.metric == board.MultiTile && f.bareDistances != nil && f.bareDistances() {
			// The bare numbers stay as they are, for scripts; a reader
			// is told what they count once, beside them.
			f.mu.Lock()
			fmt.Fprintf(f.stderr, "slidetable %s: note: %s counts multi-tile moves (a tap slides every tile between it and the blank): so do the distances printed\n", f.name, clip(path))
			f.mu.Unlock()
		}
	}
	if goal := src.Goal(); goal != board.Goal(goal.Size()) && (f.goal == nil || !f.goal.set()) {
		// Its answers are about another goal than the one a reader
		// expects without -goal: say so once, beside them.
		f.mu.Lock()
		fmt.Fprintf(f.stderr, "slidetable %s: note: %s measures distances to the goal %s, not to the standard one\n", f.name, clip(path), goal)
		f.mu.Unlock()
	}
	return src, nil
}

// given returns the catalogue options of a command that answers one
// question, with the file path given with -table (if not "") as the one
// source that must answer it: a file is used or refused, by name, never
// passed over (CatalogOptions.Strict).
func (f *flags) given(path string) (source.CatalogOptions, error) {
	if path == "" {
		return source.CatalogOptions{}, nil
	}
	src, err := f.openFile(path)
	if err != nil {
		return source.CatalogOptions{}, err
	}
	return source.CatalogOptions{Given: []*source.Source{src}, Strict: true}, nil
}

// answerError turns the failure of the catalogue to answer into what the
// command reports: a file named for a question it does not answer is a
// usage error, naming the file, what it answers and what the question
// needed; a failing installed file says what to do about it.
func (f *flags) answerError(err error) error {
	if errors.Is(err, source.ErrMismatch) {
		return f.fail(err)
	}
	return installedFailure(err)
}

// fileError turns the refusal to open a file that is not a regular file
// into a usage error.
func (f *flags) fileError(err error) error {
	if errors.Is(err, source.ErrNotRegular) {
		return f.fail(err)
	}
	return err
}

// installedFailure adds to the failure of an installed file what to do
// about it.
func installedFailure(err error) error {
	var ie *source.InstalledError
	switch {
	case errors.Is(err, failure.Memory):
		return memoryError(err)
	case errors.As(err, &ie):
		return fmt.Errorf("%w (%s is the file installed for %s; rebuild it with '%s' or remove it)", err, ie.Path, ie.Size, ie.Rebuild())
	}
	return err
}

// noTable is the usage error of a command that needs a table of size,
// which has none: it says how to make one.
func (f *flags) noTable(size board.Size) error {
	switch {
	case size.Cells() > source.MaxTableCells:
		return f.failf("%s has too many boards for a table (tables go up to %d cells); 'slidetable solve' and 'hint' answer %s boards with an optimal solver instead", size, source.MaxTableCells, size)
	case f.metric == board.MultiTile:
		return f.failf("no multi-tile table for %s is built in (the built-in sizes are %s); build one with 'slidetable build -metric multi -install %s', or with 'slidetable build -metric multi -o %s-multi.tbl %s' and pass -table %s-multi.tbl", size, builtIn(), size, size, size, size)
	}
	return f.failf("no table for %s is built in (the built-in sizes are %s); build one with 'slidetable build -install %s', or with 'slidetable build -o %s.tbl %s' and pass -table %s.tbl", size, builtIn(), size, size, size, size)
}

// builtIn lists the sizes whose tables are built in: "2x2, 3x2, ...".
func builtIn() string {
	var s []string
	for _, size := range source.BuiltinSizes() {
		s = append(s, size.String())
	}
	return strings.Join(s, ", ")
}
