package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
)

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
	// MaxConns is the most connections Run keeps open; at the cap a new
	// one sheds another (see ShedSilentAfter): one that has sent part of
	// a request and no more, or is idle between requests, at once; one
	// whose answer has not moved for ShedStuckAfter; or, once up to
	// MaxConns/32 more (at most MaxExtraConns) have been let in for a
	// moment, one that has sent nothing for ShedSilentAfter; if every one
	// is busy with a request, none writing its answer, it is refused with
	// 503. Default DefaultMaxConns. Each connection takes
	// an open file, and a new one is accepted before its victims are
	// closed: keep MaxConns+MaxExtraConns+1 below the process's limit
	// (slidetable serve caps it there).
	MaxConns int
	// CORS lists the origins (such as "https://game.example") whose pages
	// may call the API from a browser, or "*" for any; the API then
	// answers them with Access-Control-Allow-Origin and answers their
	// preflight OPTIONS requests. Default: none.
	CORS []string
	// Warnings, if set, returns what /healthz says after "ok", a line
	// each: such as a file whose damaged blocks keep the answers exact
	// but slow the searches down. It is called for each /healthz request,
	// from any goroutine.
	Warnings func() []string
}

// DefaultMaxConns is the most connections Run keeps open unless Options
// says otherwise: about 200 MB of connection state at most.
const DefaultMaxConns = 4096

// MaxExtraConns is the most connections Run lets in beyond
// Options.MaxConns, for a moment, while no connection but a silent one may
// be shed (see ShedSilentAfter).
const MaxExtraConns = 32

// Timeouts of the connections of Run.
const (
	// ReadHeaderTimeout is the time a client has to send a request's
	// line and headers, from its first byte.
	ReadHeaderTimeout = 5 * time.Second
	// IdleTimeout is how long a connection may wait for its next request.
	IdleTimeout = 30 * time.Second
	// ShedSilentAfter is how long, at the connection limit
	// (Options.MaxConns), a new connection that has sent nothing is spared
	// before a new one may shed it, and only when no other may be shed
	// and the extra connections (MaxExtraConns) are in use. A connection
	// that has sent part of a request and no more, or is idle between
	// requests, may be shed at once; none that has sent bytes the server
	// has not read yet. See the package documentation for the trade-off.
	ShedSilentAfter = 200 * time.Millisecond
	// ShedStuckAfter is how long, at the connection limit, a connection
	// whose answer has not moved (its client takes none of it) is spared
	// before a new connection may shed it, ending the answer.
	ShedStuckAfter = 200 * time.Millisecond
	// WriteStall is how long an answer may take to leave, for each 16 KB
	// of it: a client that takes it slower, or stops taking it, has it
	// ended and its connection closed, at the connection limit or not.
	WriteStall = 5 * time.Second
)

// Limits of a request.
const (
	// MaxQuery is the longest query string accepted, in bytes.
	MaxQuery = 1024
	// MaxBody is the largest request body accepted, in bytes. No endpoint
	// reads one.
	MaxBody = 1024
	// MaxHeader is the most bytes of request line and headers that the
	// server built by Run reads; a request with more gets 431.
	MaxHeader = 8 << 10
)

// Errors of New.
var (
	// ErrConfig reports a puzzle list or options that cannot be served.
	ErrConfig = failure.New(failure.Input, "server: bad configuration")
)

// Server is the game page and the API, an http.Handler.
type Server struct {
	game    *game.Game
	chartMu sync.Mutex
	charts  map[chartKey][]byte // the SVG chart of each size and metric, once drawn
	timeout time.Duration
	slots   chan struct{} // a token per search running
	log     *slog.Logger
	mux     *http.ServeMux
	conns   int             // Options.MaxConns
	cors    map[string]bool // origins allowed; "*": any
	health  func() []string // Options.Warnings
}

// New returns a server for the game g: the page, and the API answered by
// g (game.FromCatalog makes the game of a source.Catalog, as 'slidetable
// serve' does).
func New(g *game.Game, opts *Options) (*Server, error) {
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
	if o.MaxConns == 0 {
		o.MaxConns = DefaultMaxConns
	}
	if o.Timeout < 0 || o.Searches < 0 || o.MaxConns < 0 {
		return nil, fmt.Errorf("%w: timeout %v, searches %d, connections %d", ErrConfig, o.Timeout, o.Searches, o.MaxConns)
	}
	cors, err := corsOrigins(o.CORS)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, fmt.Errorf("%w: no game", ErrConfig)
	}
	s := &Server{
		game:    g,
		charts:  map[chartKey][]byte{},
		timeout: o.Timeout,
		slots:   make(chan struct{}, o.Searches),
		log:     o.Logger,
		conns:   o.MaxConns,
		cors:    cors,
		health:  o.Warnings,
	}
	s.routes()
	return s, nil
}

// chartKey names a chart: the size and metric of its distribution.
type chartKey struct {
	size   board.Size
	metric board.Metric
}

// ServeHTTP answers one request, after checking its size and method, and
// logs it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	api := strings.HasPrefix(r.URL.Path, "/api/")
	allowed := api && s.allowOrigin(rec, r)
	switch {
	case r.Method == http.MethodOptions && allowed:
		preflight(rec, r)
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		rec.Header().Set("Allow", "GET, HEAD")
		writeError(rec, http.StatusMethodNotAllowed, fmt.Sprintf("method %s not allowed: use GET", r.Method))
	case len(r.URL.RawQuery) > MaxQuery:
		writeError(rec, http.StatusRequestURITooLong, fmt.Sprintf("query of %d bytes is longer than the limit of %d", len(r.URL.RawQuery), MaxQuery))
	case !bodyFits(rec, r):
		rec.Header().Set("Connection", "close") // rather than read the rest
		writeError(rec, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body larger than the limit of %d bytes", MaxBody))
	default:
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

// bodyFits reads the request's body, which no endpoint uses, and reports
// whether it is at most MaxBody bytes, however it is sent (with a length,
// or chunked without one).
func bodyFits(w http.ResponseWriter, r *http.Request) bool {
	if r.ContentLength > MaxBody {
		return false
	}
	if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
		return true
	}
	_, err := io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, MaxBody))
	return err == nil
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
	lim := newConnLimit(ln, s.conns, s.log)
	hs := &http.Server{
		Handler: lim.busyHandler(s),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, connKey{}, c)
		},
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.timeout + 30*time.Second,
		IdleTimeout:       IdleTimeout,
		// The server reads up to 4 KB more than MaxHeaderBytes.
		MaxHeaderBytes: MaxHeader - 4<<10,
		ConnState:      lim.state,
	}
	if s.log != nil {
		hs.ErrorLog = slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(lim) }()
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
