package recipe

import (
	"fmt"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/container"
)

// Origin is where the file of a recipe comes from.
type Origin uint8

// The origins.
const (
	// Builtin is a file embedded in every program, the WebAssembly module
	// included (package data).
	Builtin Origin = iota + 1
	// OnDemand is a file embedded in the programs but left out of the
	// WebAssembly module, which is given it (data.Give) when a call first
	// needs it (data.OnDemand).
	OnDemand
	// Installed is a file 'slidetable build' writes, and with -install
	// writes into the folder of installed files, where the resolver finds
	// it under its name (Recipe.FileName).
	Installed
)

// String returns "built-in", "on demand" or "installed".
func (o Origin) String() string {
	switch o {
	case Builtin:
		return "built-in"
	case OnDemand:
		return "on demand"
	case Installed:
		return "installed"
	}
	return fmt.Sprintf("Origin(%d)", uint8(o))
}

// BuiltIn are the origins of the files built into the programs.
var BuiltIn = []Origin{Builtin, OnDemand}

// Recipe is a file that answers boards of a size in a metric, towards the
// standard goal (or, if AnyGoal, any goal a build is asked for): its kind,
// its parameters and where it comes from.
type Recipe struct {
	// Size is the size of the boards the file answers. A recipe of the
	// table with Size zero is for every size of MinCells to MaxCells
	// cells; the recipe that For and Find return has the size asked.
	Size board.Size
	// MinCells and MaxCells bound the cells of the sizes of a recipe of
	// every size (Size zero): the limits of the recipe.
	MinCells, MaxCells int
	// Metric is the metric of the file's distances.
	Metric board.Metric
	// Kind is the kind of the file, as its header names it.
	Kind container.Kind
	// Ext is the ending of the file's name, after a dot: "tbl", "pdb",
	// "abs" (see FileName).
	Ext string
	// Params are the kind's parameters, as text its builder reads: for a
	// pattern database its groups of tiles, one a string ("2 3 4"); for an
	// abstraction tier its classings, one a string written as a board is
	// ("1 1 2 2/3 3 2 2/3 3 4 4/3 4 4 0"). Nil means the kind's default
	// for the size.
	Params []string
	// AnyGoal says that a build of the recipe may be for any goal; a
	// recipe without it is for the standard goal only.
	AnyGoal bool
	// Origin is where the file comes from.
	Origin Origin
	// Sum and Bytes are, for a file on demand, its SHA-256 in hex and its
	// length, known before it is fetched, so that the fetch can be bounded
	// and its bytes checked (data.Demand).
	Sum   string
	Bytes int64
	// Known are the content hashes, in hex, of the file a build of the
	// recipe writes, the same bytes on every machine, as written now and
	// by earlier versions: a copy of it is known to be exact without a
	// proof here. A test builds it and compares.
	Known []string
}

// FileName returns the name of the recipe's file: WxH, -multi in the
// multi-tile metric, and its ending: 3x3.tbl, 3x3-multi.tbl, 4x4.pdb,
// 4x4-multi.abs.
func (r Recipe) FileName() string {
	name := r.Size.String()
	if r.Metric == board.MultiTile {
		name += "-multi"
	}
	return name + "." + r.Ext
}

// fits reports whether the recipe is for boards of size in the metric m.
func (r Recipe) fits(size board.Size, m board.Metric) bool {
	if r.Metric != m {
		return false
	}
	if r.Size != (board.Size{}) {
		return r.Size == size
	}
	return size.Validate() == nil && r.MinCells <= size.Cells() && size.Cells() <= r.MaxCells
}

// The sizes and the standard parameters of the files.
var (
	s2x2, s3x2, s2x3, s3x3 = board.Size{W: 2, H: 2}, board.Size{W: 3, H: 2}, board.Size{W: 2, H: 3}, board.Size{W: 3, H: 3}
	s4x2, s2x4, s4x4       = board.Size{W: 4, H: 2}, board.Size{W: 2, H: 4}, board.Size{W: 4, H: 4}

	// The classings of the 4x4 tiers (see the package documentation).
	rokicki = "1 1 2 2/3 3 2 2/3 3 4 4/3 4 4 0"
	rows    = "1 1 1 1/2 2 2 2/3 3 3 3/4 4 4 0"
	bands   = "1 1 1 2/3 3 2 2/3 3 2 2/4 4 4 0"
	small1  = "1 1 3 1/2 2 2 2/2 2 2 2/3 3 3 0"
	small2  = "1 2 2 2/1 1 2 1/1 1 3 3/1 1 3 0"
)

// builtinTables returns the recipes of the tables built in for sizes, in
// both metrics.
func builtinTables(sizes ...board.Size) []Recipe {
	var out []Recipe
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		for _, s := range sizes {
			out = append(out, Recipe{Size: s, Metric: m, Kind: container.Table, Ext: "tbl", Origin: Builtin})
		}
	}
	return out
}

// standard is the table of recipes of this program.
var standard = slices.Concat(
	// The tables of the boards of up to 9 cells, built in: 68 KB for the
	// six in the multi-tile metric.
	builtinTables(s2x2, s3x2, s2x3, s3x3, s4x2, s2x4),
	[]Recipe{
		// The default pattern database of the 4x4, built in: about 1 MB
		// compressed, 5.8 MB decoded, with which IDA* solves random
		// 15-puzzles in tens of milliseconds.
		{Size: s4x4, Metric: board.SingleTile, Kind: container.PatternDB, Ext: "pdb", Origin: Builtin,
			Params: []string{"1 5 6 9 10 13", "7 8 11 12 14 15", "2 3 4"}},
		// The abstraction tier of the 4x4 in multi-tile moves, built into
		// the programs; at 33 MB the WebAssembly module leaves it out, to
		// keep the static site within its budget.
		{Size: s4x4, Metric: board.MultiTile, Kind: container.Abstraction, Ext: "abs", Origin: OnDemand,
			Params: []string{rokicki, small1, small2},
			Sum:    "843b486c4cbe326ac2b4846d2fa0eb563e68d6078b453a50bc274be64731ea26", Bytes: 32_851_224},

		// What 'slidetable build' writes, and installs with -install.
		// Tables up to 12 cells (tables of 13 cells would take 3 GB at
		// least), for any goal, in both metrics.
		{MinCells: 4, MaxCells: 12, Metric: board.SingleTile, Kind: container.Table, Ext: "tbl", Origin: Installed, AnyGoal: true},
		{MinCells: 4, MaxCells: 12, Metric: board.MultiTile, Kind: container.Table, Ext: "tbl", Origin: Installed, AnyGoal: true},
		// The large pattern database of the 4x4: the 7-8 partition, about
		// 4 minutes on two cores and 1.8 GB at its peak, a 289 MB file.
		{Size: s4x4, Metric: board.SingleTile, Kind: container.PatternDB, Ext: "pdb", Origin: Installed, AnyGoal: true,
			Params: []string{"1 2 3 4 5 6 7", "8 9 10 11 12 13 14 15"},
			Known: []string{
				"fc900b3e7d6c1c3499312622463cdc270f48caeb45c8cc2d192e9042f00e8eda",
				"caf037464fdcfa5b25abf5a097df9e3247c672638f05d6b4eabf853953777e98", // pdb format 3, before the container
			}},
		// A pattern database of the kind's default partition (the tiles in
		// reading order in groups of five) for the other sizes of more
		// than 12 cells, up to the 64 cells a pattern database holds.
		{MinCells: 13, MaxCells: 64, Metric: board.SingleTile, Kind: container.PatternDB, Ext: "pdb", Origin: Installed, AnyGoal: true},
		// The large abstraction tier of the 4x4, for the standard goal.
		{Size: s4x4, Metric: board.MultiTile, Kind: container.Abstraction, Ext: "abs", Origin: Installed,
			Params: []string{rows, rokicki, bands}},
	},
)

var current = struct {
	sync.RWMutex
	list []Recipe
}{list: standard}

// All returns every recipe, in the order of the table: the built-in
// files first.
func All() []Recipe {
	current.RLock()
	defer current.RUnlock()
	return slices.Clone(current.list)
}

// Replace makes list the table of recipes until the function it returns
// is called, which puts back the table before: for tests, which try a
// recipe of another size or kind through every reader of the table.
func Replace(list []Recipe) (restore func()) {
	current.Lock()
	old := current.list
	current.list = slices.Clone(list)
	current.Unlock()
	return func() {
		current.Lock()
		current.list = old
		current.Unlock()
	}
}

// Find returns the recipes for boards of size in the metric m of one of
// the origins, in the order of the table, each with the size asked. A
// recipe of the size itself stands for that size in place of a recipe of
// a range of sizes of the same origin (the 4x4 pattern database in place
// of the one of every size of 13 to 64 cells).
func Find(size board.Size, m board.Metric, origins ...Origin) []Recipe {
	var out []Recipe
	own := map[Origin]bool{}
	for _, r := range All() {
		if r.fits(size, m) && slices.Contains(origins, r.Origin) {
			own[r.Origin] = own[r.Origin] || r.Size == size
			out = append(out, r)
		}
	}
	kept := out[:0]
	for _, r := range out {
		if r.Size == (board.Size{}) && own[r.Origin] {
			continue
		}
		r.Size = size
		kept = append(kept, r)
	}
	return kept
}

// For returns the first recipe for boards of size in the metric m of one
// of the origins, and false if there is none.
func For(size board.Size, m board.Metric, origins ...Origin) (Recipe, bool) {
	if rs := Find(size, m, origins...); len(rs) > 0 {
		return rs[0], true
	}
	return Recipe{}, false
}

// Build returns the recipe of the file 'slidetable build' writes for
// boards of size in the metric m (Installed), and false if there is none.
func Build(size board.Size, m board.Metric) (Recipe, bool) {
	return For(size, m, Installed)
}

// Of returns the recipes of one size of one of the origins, in the order
// of the table.
func Of(origins ...Origin) []Recipe {
	var out []Recipe
	for _, r := range All() {
		if slices.Contains(origins, r.Origin) && r.Size != (board.Size{}) {
			out = append(out, r)
		}
	}
	return out
}
