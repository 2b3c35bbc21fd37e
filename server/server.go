package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

// Solver answers exact questions about boards of one size: the fewest moves
// to the goal, a shortest solution (tile numbers, in order) and every
// optimal next move with the distance; and, for levels without a table,
// whether a board is within some moves of the goal (levels.Solver). It must
// be safe for concurrent use and honour ctx. The server asks it only about
// boards that can reach the goal. A *solver.Solver is one, for every size:
// from exact tables where it has them, otherwise by search with its best
// heuristic.
type Solver interface {
	Distance(ctx context.Context, b board.Board) (int, error)
	Path(ctx context.Context, b board.Board) ([]uint8, error)
	Hints(ctx context.Context, b board.Board) ([]uint8, int, error)
	levels.Solver
}

// Puzzle is one size the server plays.
type Puzzle struct {
	// Goal is the board to reach; its size is the puzzle's size.
	Goal board.Board
	// Solver answers distances, hints and solutions.
	Solver Solver
	// Table is the exact table of the size, or nil. With a table, the
	// Solver's answers are taken to be cheap (no time or concurrency
	// limit), the distribution is served and levels are drawn uniformly
	// among the boards at the distances asked for.
	Table *table.Table
	// MaxLevel is the largest distance levels are offered at, for a puzzle
	// without a table (searches get slow with the distance). Zero means
	// DefaultMaxLevel. With a table, the largest distance in it.
	MaxLevel int
}

// DefaultMaxLevel is the largest level distance of a puzzle without a
// table, unless its MaxLevel says otherwise.
const DefaultMaxLevel = 40

// Options changes how a Server works. A nil *Options, or a zero field, means
// the default.
type Options struct {
	// Timeout limits the work of one request that searches (a size without
	// a table, or a level). Default 5s.
	Timeout time.Duration
	// Searches is how many such requests run at once; more get 503.
	// Default: the number of CPUs.
	Searches int
	// Logger gets one line for each request. Default: none.
	Logger *slog.Logger
}

// Limits of a request.
const (
	// MaxQuery is the longest query string accepted, in bytes.
	MaxQuery = 1024
	// MaxBody is the largest request body accepted, in bytes. No endpoint
	// reads one.
	MaxBody = 1024
	// MaxHeader is the most header bytes the server built by Run reads.
	MaxHeader = 8 << 10
)

// Errors of New.
var (
	// ErrConfig reports a puzzle list or options that cannot be served.
	ErrConfig = errors.New("server: bad configuration")
)

// Server is the game page and the API, an http.Handler.
type Server struct {
	puzzles map[board.Size]*puzzle
	order   []*puzzle // as listed by /api/sizes
	timeout time.Duration
	slots   chan struct{} // a token per search running
	log     *slog.Logger
	mux     *http.ServeMux
}

// puzzle is a Puzzle with what the server caches of it.
type puzzle struct {
	Puzzle
	name      string                 // "3x3"
	stats     func() ([]byte, error) // nil: the distribution is not known
	chart     func() ([]byte, error) // nil: no table to draw
	published bool                   // stats are published figures
	max       int                    // the published largest distance, if published
}

// New returns a server for the puzzles, one per size.
func New(puzzles []Puzzle, opts *Options) (*Server, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout == 0 {
		o.Timeout = 5 * time.Second
	}
	if o.Searches == 0 {
		o.Searches = runtime.NumCPU()
	}
	if o.Timeout < 0 || o.Searches < 0 {
		return nil, fmt.Errorf("%w: timeout %v, searches %d", ErrConfig, o.Timeout, o.Searches)
	}
	if len(puzzles) == 0 {
		return nil, fmt.Errorf("%w: no puzzles", ErrConfig)
	}
	s := &Server{
		puzzles: make(map[board.Size]*puzzle, len(puzzles)),
		timeout: o.Timeout,
		slots:   make(chan struct{}, o.Searches),
		log:     o.Logger,
	}
	for _, p := range puzzles {
		if p.Goal.IsZero() || p.Solver == nil {
			return nil, fmt.Errorf("%w: a puzzle needs a goal and a solver", ErrConfig)
		}
		size := p.Goal.Size()
		if _, dup := s.puzzles[size]; dup {
			return nil, fmt.Errorf("%w: size %s given twice", ErrConfig, size)
		}
		if p.Table != nil && (p.Table.Size() != size || p.Table.Goal() != p.Goal) {
			return nil, fmt.Errorf("%w: the %s table's goal is not %s", ErrConfig, p.Table.Size(), p.Goal)
		}
		if p.Table != nil {
			p.MaxLevel = p.Table.Max()
		} else if p.MaxLevel == 0 {
			p.MaxLevel = DefaultMaxLevel
		}
		if p.MaxLevel < 0 {
			return nil, fmt.Errorf("%w: %s MaxLevel %d", ErrConfig, size, p.MaxLevel)
		}
		pz := &puzzle{Puzzle: p, name: size.String()}
		if p.Table != nil {
			pz.stats = sync.OnceValues(func() ([]byte, error) { return statsJSON(p.Table) })
			pz.chart = sync.OnceValues(func() ([]byte, error) { return chartSVG(p.Table) })
		} else if d, ok := published.DistributionOf(size); ok && p.Goal == board.Goal(size) {
			h, _ := published.HardestOf(size)
			pz.published = true
			pz.max = d.Max()
			pz.stats = sync.OnceValues(func() ([]byte, error) { return publishedJSON(d, h) })
		}
		s.puzzles[size] = pz
		s.order = append(s.order, pz)
	}
	// Tables first, small to large, then the searched sizes.
	slices.SortStableFunc(s.order, func(a, b *puzzle) int {
		if (a.Table == nil) != (b.Table == nil) {
			if a.Table == nil {
				return 1
			}
			return -1
		}
		if c := a.Goal.Len() - b.Goal.Len(); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	s.routes()
	return s, nil
}

// ServeHTTP answers one request, after checking its size and method, and
// logs it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		rec.Header().Set("Allow", "GET, HEAD")
		writeError(rec, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed: use GET", r.Method))
	case len(r.URL.RawQuery) > MaxQuery:
		writeError(rec, http.StatusRequestURITooLong, fmt.Sprintf("query of %d bytes is longer than the limit of %d", len(r.URL.RawQuery), MaxQuery))
	case r.ContentLength > MaxBody:
		writeError(rec, http.StatusRequestEntityTooLarge, fmt.Sprintf("body of %d bytes is larger than the limit of %d", r.ContentLength, MaxBody))
	default:
		r.Body = http.MaxBytesReader(rec, r.Body, MaxBody)
		s.mux.ServeHTTP(rec, r)
	}
	if s.log != nil {
		s.log.LogAttrs(r.Context(), slog.LevelInfo, "request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.String("query", r.URL.RawQuery),
			slog.Int("status", rec.status),
			slog.Int64("bytes", rec.bytes),
			slog.Duration("duration", time.Since(start)),
			slog.String("remote", r.RemoteAddr))
	}
}

// recorder notes the status and size of a response for the log.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool
}

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Run serves s on ln until ctx ends, then stops accepting connections and
// waits up to grace for the requests in flight to finish. It returns nil
// after a clean shutdown.
func (s *Server) Run(ctx context.Context, ln net.Listener, grace time.Duration) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    MaxHeader,
	}
	if s.log != nil {
		hs.ErrorLog = slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := hs.Shutdown(sctx)
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}
