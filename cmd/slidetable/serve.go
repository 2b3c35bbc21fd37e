package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/solver"
	"github.com/slidetable/slidetable/table"
)

// Bounds of serve's flags.
const (
	maxServeTimeout  = 5 * time.Minute
	maxServeSearches = 256
	maxServeLevel    = 80
	maxServeTables   = 16
)

func runServe(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "serve", "slidetable serve [-addr HOST:PORT] [-table FILE]... [-search WxH,...] [-timeout D] [-searches N] [-max-level D] [-q]",
		"Serve a page where a person plays the puzzle with exact help (hints, an\n"+
			"optimal solution, the distance left after every move), and the JSON API\n"+
			"it uses, answering with the objects of the -json flags of distance,\n"+
			"hint, solve, levels and stats:\n\n"+
			"  GET /api/sizes\n"+
			"  GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1\n"+
			"  GET /api/hint?size=3x3&board=...      GET /api/solve?size=3x3&board=...\n"+
			"  GET /api/level?size=3x3&min=20&max=22&seed=1\n"+
			"  GET /api/stats?size=3x3               GET /api/chart?size=3x3 (SVG)\n\n"+
			"Sizes with a built-in table or a -table FILE answer from it; the -search\n"+
			"sizes (default 4x4) by an optimal IDA* search within -timeout, with the\n"+
			"built-in 4x4 pattern database or one given as -table FILE.pdb, at most\n"+
			"-searches at once (beyond that: 503 with Retry-After). Bad input gets 400\n"+
			"and {\"error\":\"...\"}. Logs a line per request on standard error; stops\n"+
			"cleanly on SIGINT or SIGTERM, letting requests in flight finish.",
		"  slidetable serve\n  slidetable serve -addr 127.0.0.1:9000 -table 4x3.tbl\n  curl 'http://127.0.0.1:8080/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1'\n")
	addr := f.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (loopback unless told otherwise)")
	var tables []string
	f.Func("table", "also serve the table `FILE` (repeatable)", func(s string) error {
		if len(tables) == maxServeTables {
			return fmt.Errorf("at most %d tables", maxServeTables)
		}
		tables = append(tables, s)
		return nil
	})
	search := f.String("search", "4x4", "serve the sizes `WxH,...` without a table by search (\"\": none)")
	timeout := f.Duration("timeout", 5*time.Second, "time limit `D` of one request's search")
	searches := f.Int("searches", 0, "run at most `N` searches at once (default: the number of CPUs)")
	maxLevel := f.Int("max-level", server.DefaultMaxLevel, "offer levels up to distance `D` on the -search sizes")
	quiet := f.Bool("q", false, "do not log requests")
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return f.failf("want no arguments, got %q", strings.Join(pos, " "))
	}
	if *timeout < 10*time.Millisecond || *timeout > maxServeTimeout {
		return f.failf("-timeout %v: want 10ms to %v", *timeout, maxServeTimeout)
	}
	if *searches < 0 || *searches > maxServeSearches {
		return f.failf("-searches %d: want 1 to %d (0: the number of CPUs)", *searches, maxServeSearches)
	}
	if *maxLevel < 1 || *maxLevel > maxServeLevel {
		return f.failf("-max-level %d: want 1 to %d", *maxLevel, maxServeLevel)
	}

	var puzzles []server.Puzzle
	have := map[board.Size]bool{}
	var opts []solver.Option
	add := func(t *table.Table) {
		puzzles = append(puzzles, server.Puzzle{Goal: t.Goal(), Table: t})
		opts = append(opts, solver.WithTable(t))
		have[t.Size()] = true
	}
	defer func() {
		for _, p := range puzzles {
			if p.Table != nil {
				p.Table.Close()
			}
		}
	}()
	pdbs := map[board.Size]bool{}
	for _, path := range tables {
		if isPDB(path) {
			db, err := pdb.Open(path)
			if err != nil {
				return err
			}
			if pdbs[db.Size()] {
				return f.failf("-table %s: a second %s pattern database", path, db.Size())
			}
			pdbs[db.Size()] = true
			opts = append(opts, solver.WithHeuristic(db.Heuristic()))
			continue
		}
		t, err := table.Open(path)
		if err != nil {
			return err
		}
		if have[t.Size()] {
			t.Close()
			return f.failf("-table %s: a second %s table", path, t.Size())
		}
		add(t)
	}
	for _, size := range builtinSizes() {
		if have[size] {
			continue // a -table FILE replaces the built-in table
		}
		t, err := data.Load(size)
		if err != nil {
			return err
		}
		add(t)
	}
	if *search != "" {
		for _, s := range strings.Split(*search, ",") {
			size, err := f.size(strings.TrimSpace(s))
			if err != nil {
				return err
			}
			if have[size] {
				continue
			}
			// The file installed for the size, unless -table gave one.
			if !pdbs[size] {
				t, db, err := openInstalled(size, true)
				switch {
				case err != nil:
					return err
				case t != nil:
					add(t)
					continue
				case db != nil:
					opts = append(opts, solver.WithHeuristic(db.Heuristic()))
				}
			}
			puzzles = append(puzzles, server.Puzzle{Goal: board.Goal(size), MaxLevel: *maxLevel})
			have[size] = true
		}
	}
	sv, err := solver.New(opts...)
	if err != nil {
		return err
	}
	for i := range puzzles {
		puzzles[i].Solver = sv
	}

	var logger *slog.Logger
	if !*quiet {
		logger = slog.New(slog.NewTextHandler(e.stderr, nil))
	}
	srv, err := server.New(puzzles, &server.Options{Timeout: *timeout, Searches: *searches, Logger: logger})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return f.fail(err)
	}
	fmt.Fprintf(e.stderr, "slidetable serve: listening on http://%s/\n", ln.Addr())
	// The grace lets any search in flight reach its time limit.
	err = srv.Run(ctx, ln, *timeout+5*time.Second)
	if err == nil || errors.Is(err, context.Canceled) {
		fmt.Fprintf(e.stderr, "slidetable serve: stopped\n")
		return nil
	}
	return err
}

// builtinSizes lists the sizes with a built-in table, smallest first.
func builtinSizes() []board.Size {
	var out []board.Size
	for n := 2; n <= 12; n++ {
		for w := 2; w <= n; w++ {
			if h := n / w; w*h == n && h >= 2 && data.Has(board.Size{W: w, H: h}) {
				out = append(out, board.Size{W: w, H: h})
			}
		}
	}
	return out
}
