package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
)

// Solver answers exact questions about boards of one size: the fewest moves
// to the goal, a shortest solution and every optimal next move with the
// distance; see game.Solver. A *solver.Solver is one, for every size.
type Solver = game.Solver

// Puzzle is one size the server plays: its goal, its Solver, and its
// exact table or nil; see game.Puzzle. With a table, the Solver's answers
// are taken to be cheap (no time or concurrency limit).
type Puzzle = game.Puzzle

// DefaultMaxLevel is the largest level distance of a puzzle without a
// table, unless its MaxLevel says otherwise.
const DefaultMaxLevel = game.DefaultMaxLevel

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
	game    *game.Game
	charts  map[board.Size]func() ([]byte, error) // the SVG chart of each size with a table
	timeout time.Duration
	slots   chan struct{} // a token per search running
	log     *slog.Logger
	mux     *http.ServeMux
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
	g, err := game.New(puzzles, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	s := &Server{
		game:    g,
		charts:  map[board.Size]func() ([]byte, error){},
		timeout: o.Timeout,
		slots:   make(chan struct{}, o.Searches),
		log:     o.Logger,
	}
	for _, p := range puzzles {
		if t := p.Table; t != nil {
			s.charts[t.Size()] = sync.OnceValues(func() ([]byte, error) { return chartSVG(t) })
		}
	}
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
