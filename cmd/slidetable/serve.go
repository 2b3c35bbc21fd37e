package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/source"
)

// Bounds of serve's flags.
const (
	maxServeTimeout  = 5 * time.Minute
	maxServeSearches = 256
	maxServeLevel    = 80
	maxServeTables   = 16
	maxServeConns    = 1 << 20
	maxServeOrigins  = 64
)

func runServe(ctx context.Context, e *env, args []string) error {
	f, cfg, err := serveFlags(e, args)
	if err != nil {
		return err
	}
	// Warnings go to the log, whatever -q says, and to /healthz.
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	health := &warnings{}
	f.warn = func(msg string) {
		health.add(msg)
		log.Warn(msg)
	}
	f.quiet = cfg.quiet
	g, cat, err := serveGame(ctx, f, cfg)
	if err != nil {
		return err
	}
	defer cat.Close()
	return listenAndServe(ctx, e, f, cfg, g, log, health)
}

// serveGame returns the game serve plays and its catalogue (see package
// source): the -table files given, the built-in and installed files, and
// the -search sizes, in both metrics. What answers each size offered is
// found and proven before serving, so that a file that cannot answer stops
// serve at once.
func serveGame(ctx context.Context, f *flags, cfg *serveConfig) (*game.Game, *source.Catalog, error) {
	opts := source.CatalogOptions{Searched: cfg.searched}
	for _, path := range cfg.files {
		src, err := f.openFile(path)
		if err != nil {
			for _, g := range opts.Given {
				g.Close()
			}
			return nil, nil, err
		}
		opts.Given = append(opts.Given, src)
	}
	cat, err := f.catalog(opts)
	if err != nil {
		return nil, nil, err
	}
	for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
		offers, err := cat.Sizes(m)
		if err != nil {
			cat.Close()
			return nil, nil, err
		}
		for _, of := range offers {
			if _, err := cat.Prepare(ctx, of.Size, m); err != nil {
				cat.Close()
				return nil, nil, f.answerError(err)
			}
		}
	}
	g, err := game.FromCatalog(cat, &game.CatalogOptions{MaxLevel: cfg.maxLevel})
	if err != nil {
		cat.Close()
		return nil, nil, err
	}
	return g, cat, nil
}

// warnings are what the resolver warned of while serving, for /healthz.
type warnings struct {
	mu   sync.Mutex
	list []string
}

func (w *warnings) add(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.list = append(w.list, msg)
}

func (w *warnings) get() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.list)
}

// serveConfig is what serve was asked for, its flags checked.
type serveConfig struct {
	addr        string
	files       []string     // -table
	searched    []board.Size // -search
	timeout     time.Duration
	searches    int
	maxLevel    int // -max-level, if maxLevelSet; otherwise the game's default
	maxLevelSet bool
	maxConns    int
	cors        []string // -cors
	quiet       bool
}

// The usage line, description and examples of 'slidetable serve'.
const (
	serveUsage = "slidetable serve [-addr HOST:PORT] [-table FILE]... [-search WxH,...] [-timeout D] [-searches N] [-max-level D] [-max-conns N] [-cors ORIGIN]... [-max-mem SIZE] [-q]"
	serveHelp  = "Serve a page where a person plays the puzzle with exact help (hints, an\n" +
		"optimal solution, the distance left after every move), and the JSON API\n" +
		"it uses, answering with the objects of the -json flags of distance,\n" +
		"hint, solve, levels and stats:\n\n" +
		"  GET /api/sizes\n" +
		"  GET /api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1\n" +
		"  GET /api/hint?size=3x3&board=...      GET /api/solve?size=3x3&board=...\n" +
		"  GET /api/solvable?size=3x3&board=...  GET /api/level?size=3x3&min=20&max=22&seed=1\n" +
		"  GET /api/stats?size=3x3               GET /api/chart?size=3x3 (SVG)\n" +
		"  GET /api/openapi.json                 (the OpenAPI 3.1 document of the API)\n" +
		"  GET /healthz                          (ok, for load balancers; then a\n" +
		"                                         warning a line for a damaged file)\n\n" +
		"Every endpoint but sizes and chart also takes goal=BOARD, measuring\n" +
		"distances to that board as -goal does (a table built on first use for\n" +
		"sizes of up to 10 cells, a search for larger ones).\n\n" +
		"Every size is served in both metrics: add metric=multi to a query for\n" +
		"multi-tile moves (a tap slides every tile between it and the blank), from\n" +
		"the built-in or installed multi-tile tables, or a -table FILE of that\n" +
		"metric; 4x4 is searched with the best abstraction database there is\n" +
		"(built in, or installed with 'slidetable build -metric multi -install\n" +
		"4x4'); other sizes without a table with a weak bound, and their levels go\n" +
		"up to min(-max-level, 22).\n\n" +
		"Sizes with a table (built in, installed with 'slidetable build -install',\n" +
		"or a -table FILE) answer from it. The -search sizes (default 4x4), the\n" +
		"sizes of installed pattern databases and of -table FILE.pdb are answered\n" +
		"by an optimal IDA* search within -timeout, with the best pattern\n" +
		"database there is for the size (-table FILE.pdb, else the installed one,\n" +
		"else the built-in 4x4 one), at most -searches at once (beyond that: 503\n" +
		"with Retry-After). Bad input gets 400 and {\"error\":\"...\"}. The page\n" +
		"can also answer in the browser, with the WebAssembly build served beside\n" +
		"it (see 'slidetable web').\n\n" +
		"Against slow, idle and non-reading clients: 5 s to send a request's\n" +
		"headers, 30 s idle between requests, 5 s for each 16 KB of an answer to\n" +
		"leave, at most -max-conns connections open (and no more than the\n" +
		"open-file limit, which serve raises to its hard limit); at the cap a new\n" +
		"connection sheds one that sent part of its headers and stopped, or is\n" +
		"idle, else one whose answer has not moved for 200 ms, else one silent\n" +
		"for 200 ms (never one whose request is in), or gets 503 if every one is\n" +
		"busy.\n" +
		"Queries, bodies (however sent) and headers are bounded (1 KB, 1 KB,\n" +
		"8 KB). -cors lets pages of other origins call the API (off by default).\n" +
		"Logs a line per request on standard error; stops cleanly on SIGINT or\n" +
		"SIGTERM, letting requests in flight finish."
	serveExamples = "  slidetable serve\n  slidetable serve -addr 127.0.0.1:9000 -table 4x3.tbl\n  slidetable serve -addr :8080 -cors https://game.example\n  curl 'http://127.0.0.1:8080/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1'\n"
)

// serveFlags parses and checks serve's flags.
func serveFlags(e *env, args []string) (*flags, *serveConfig, error) {
	f := newFlags(e, "serve", serveUsage, serveHelp, serveExamples)
	cfg := &serveConfig{}
	addr := f.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (loopback unless told otherwise)")
	f.list("table", "also serve the table, pattern database or abstraction tier `FILE`, each for the questions of its size and metric (repeatable)", func(s string) error {
		if len(cfg.files) == maxServeTables {
			return fmt.Errorf("at most %d tables", maxServeTables)
		}
		cfg.files = append(cfg.files, s)
		return nil
	})
	search := f.String("search", "4x4", "serve the sizes `WxH,...` without a table by search (\"\": none)")
	timeout := f.duration("timeout", 5*time.Second, "time limit `D` of one request's search")
	searches := f.Int("searches", 0, "run at most `N` searches at once (default: the number of CPUs)")
	maxLevel := f.optionalInt("max-level", "offer levels up to distance `D` on the sizes answered by search (default: 60, and no farther than a level is dealt in seconds: 39 multi-tile moves on 4x4, from the level pack)")
	maxConns := f.Int("max-conns", server.DefaultMaxConns, "keep at most `N` connections open (at most the file limit allows)")
	f.list("cors", "let pages of `ORIGIN` (such as https://game.example, or * for any) call the API (repeatable)", func(s string) error {
		if len(cfg.cors) == maxServeOrigins {
			return fmt.Errorf("at most %d origins", maxServeOrigins)
		}
		if err := server.CheckOrigin(s); err != nil {
			return err
		}
		cfg.cors = append(cfg.cors, s)
		return nil
	})
	f.addMemFlag()
	quiet := f.Bool("q", false, "do not log requests")
	pos, err := f.parse(args)
	if err != nil {
		return nil, nil, err
	}
	cfg.addr, cfg.timeout, cfg.searches, cfg.maxConns, cfg.quiet = *addr, *timeout, *searches, *maxConns, *quiet
	cfg.maxLevel, cfg.maxLevelSet = maxLevel.v, maxLevel.set
	if len(pos) != 0 {
		return nil, nil, f.failf("want no arguments, got %q", strings.Join(pos, " "))
	}
	if err := cfg.check(f); err != nil {
		return nil, nil, err
	}
	if *search != "" {
		for _, s := range strings.Split(*search, ",") {
			size, err := f.size(strings.TrimSpace(s))
			if err != nil {
				return nil, nil, err
			}
			cfg.searched = append(cfg.searched, size)
		}
	}
	return f, cfg, nil
}

// check refuses numbers and addresses out of their bounds, as f's usage
// errors.
func (cfg *serveConfig) check(f *flags) error {
	switch {
	case cfg.timeout < 10*time.Millisecond || cfg.timeout > maxServeTimeout:
		return f.failf("-timeout %v: want 10ms to %v", cfg.timeout, maxServeTimeout)
	case cfg.searches < 0 || cfg.searches > maxServeSearches:
		return f.failf("-searches %d: want 1 to %d (0: the number of CPUs)", cfg.searches, maxServeSearches)
	case cfg.maxLevelSet && (cfg.maxLevel < 1 || cfg.maxLevel > maxServeLevel):
		return f.failf("-max-level %d: want 1 to %d", cfg.maxLevel, maxServeLevel)
	case cfg.maxConns < 1 || cfg.maxConns > maxServeConns:
		return f.failf("-max-conns %d: want 1 to %d", cfg.maxConns, maxServeConns)
	case !validAddr(cfg.addr):
		return f.failf("-addr %q: want HOST:PORT, such as 127.0.0.1:8080 (port 0 to 65535)", clip(cfg.addr))
	}
	return nil
}

// listenAndServe serves the puzzles on cfg.addr until ctx ends.
func listenAndServe(ctx context.Context, e *env, f *flags, cfg *serveConfig, g *game.Game, log *slog.Logger, health *warnings) error {
	var logger *slog.Logger
	if !cfg.quiet {
		logger = log
	}
	// Each connection takes a file; leave some for the rest.
	conns := cfg.maxConns
	if files, err := raiseFileLimit(); err == nil && files > 2*fileReserve {
		conns = min(conns, int(min(files-fileReserve, maxServeConns)))
	}
	srv, err := server.New(g, &server.Options{Timeout: cfg.timeout, Searches: cfg.searches, Logger: logger,
		MaxConns: conns, CORS: cfg.cors, Warnings: health.get})
	if err != nil {
		return f.fail(err)
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		// The address was well formed (checked with the flags): a port
		// in use or not ours to bind is a failure, not a usage mistake.
		return &commandError{cmd: f.name, err: err}
	}
	fmt.Fprintf(e.stderr, "slidetable serve: listening on http://%s/\n", ln.Addr())
	// The grace lets any search in flight reach its time limit.
	err = srv.Run(ctx, ln, cfg.timeout+5*time.Second)
	if err == nil || errors.Is(err, context.Canceled) {
		fmt.Fprintf(e.stderr, "slidetable serve: stopped\n")
		return nil
	}
	return err
}

// validAddr reports whether addr is HOST:PORT with a port number, so that
// a failure to listen on it is the machine's, not a mistake in the flag.
func validAddr(addr string) bool {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	p, err := strconv.ParseUint(port, 10, 16)
	return err == nil && p <= 65535
}
