package server

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/chart"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/levels"
	"github.com/slidetable/slidetable/published"
	"github.com/slidetable/slidetable/table"
)

//go:embed static
var staticFiles embed.FS

// maxParam bounds every whole-number parameter but the seed.
const maxParam = 1000

// hardestListed is how many boards at the largest distance /api/stats lists.
const hardestListed = 10

// csp keeps the page to its own files: nothing is loaded from elsewhere.
const csp = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func (s *Server) routes() {
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	files := http.FileServerFS(static)
	m := http.NewServeMux()
	m.Handle("GET /", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	}))
	m.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no endpoint %s; see /api/sizes, distance, hint, solve, level, stats, chart", r.URL.Path))
	})
	m.HandleFunc("GET /api/sizes", s.sizes)
	m.HandleFunc("GET /api/distance", s.board(distanceAnswer))
	m.HandleFunc("GET /api/hint", s.board(hintAnswer))
	m.HandleFunc("GET /api/solve", s.board(solveAnswer))
	m.HandleFunc("GET /api/level", s.level)
	m.HandleFunc("GET /api/stats", s.stats)
	m.HandleFunc("GET /api/chart", s.chart)
	s.mux = m
}

func (s *Server) sizes(w http.ResponseWriter, r *http.Request) {
	if _, err := values(r, nil); err != nil {
		writeError(w, http.StatusBadRequest, human.Message(err))
		return
	}
	out := make([]api.Size, len(s.order))
	for i, p := range s.order {
		size := p.Goal.Size()
		out[i] = api.Size{Size: size, Width: size.W, Height: size.H, Goal: p.Goal, Table: p.Table != nil,
			Published: p.published, MaxLevel: p.MaxLevel}
		if p.Table != nil {
			m := p.Table.Max()
			out[i].Max = &m
		} else if p.published {
			m := p.max
			out[i].Max = &m
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// boardAnswer computes what a board endpoint answers about b, a board of
// p's size, which can reach the goal if solvable (else nothing is searched).
type boardAnswer func(ctx context.Context, p *puzzle, b board.Board, solvable bool) (any, error)

// board returns the handler of an endpoint that answers about one board:
// it reads the size and the board, answers at once for a board that
// cannot reach the goal, and otherwise computes the answer as work
// (bounded in time and concurrency where there is no table).
func (s *Server) board(answer boardAnswer) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, b, solvable, ok := s.boardRequest(w, r)
		if !ok {
			return
		}
		if !solvable {
			v, err := answer(r.Context(), p, b, false)
			if err != nil {
				s.internal(w, r, err)
				return
			}
			writeJSON(w, http.StatusOK, v)
			return
		}
		s.work(w, r, p.Table != nil, func(ctx context.Context) (any, error) {
			return answer(ctx, p, b, true)
		})
	}
}

// distanceAnswer is the answer of /api/distance, as distance -json.
func distanceAnswer(ctx context.Context, p *puzzle, b board.Board, solvable bool) (any, error) {
	if !solvable {
		return api.NewDistance(p.Goal, b, false, 0), nil
	}
	d, err := p.Solver.Distance(ctx, b)
	return api.NewDistance(p.Goal, b, true, d), err
}

// hintAnswer is the answer of /api/hint, as hint -json.
func hintAnswer(ctx context.Context, p *puzzle, b board.Board, solvable bool) (any, error) {
	if !solvable {
		return api.NewMoves(p.Goal, b, false, 0, nil), nil
	}
	hints, d, err := p.Solver.Hints(ctx, b)
	return api.NewMoves(p.Goal, b, true, d, hints), err
}

// solveAnswer is the answer of /api/solve, as solve -json.
func solveAnswer(ctx context.Context, p *puzzle, b board.Board, solvable bool) (any, error) {
	if !solvable {
		return api.NewMoves(p.Goal, b, false, 0, nil), nil
	}
	path, err := p.Solver.Path(ctx, b)
	return api.NewMoves(p.Goal, b, true, len(path), path), err
}

func (s *Server) level(w http.ResponseWriter, r *http.Request) {
	q, err := values(r, []string{"size", "min", "max", "seed"})
	var p *puzzle
	if err == nil {
		p, err = s.puzzle(q)
	}
	lo, hi, seed := 0, 0, uint64(0)
	if err == nil {
		lo, err = intParam(q, "min", 0)
	}
	if err == nil {
		hi, err = intParam(q, "max", p.MaxLevel)
	}
	if err == nil {
		seed, err = seedParam(q)
	}
	if err == nil {
		hi, err = p.checkLevels(lo, hi)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, human.Message(err))
		return
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s.work(w, r, false, func(ctx context.Context) (any, error) {
		if p.Table != nil {
			got, err := levels.Sample(ctx, rng, p.Table, lo, hi, 1, nil)
			if err != nil {
				return nil, err
			}
			return api.NewLevel(p.Goal, got[0].Board, got[0].Distance), nil
		}
		got, err := levels.WalksWith(ctx, p.Solver, rng, p.Goal, lo, hi, 1)
		if err != nil {
			return nil, err
		}
		return api.NewLevel(p.Goal, got[0].Board, got[0].Distance), nil
	})
}

// checkLevels checks a level's distance range lo..hi against the puzzle:
// the distances there are (levels.CheckRange), and the largest this server
// offers, MaxLevel. It returns hi clipped to both.
func (p *puzzle) checkLevels(lo, hi int) (int, error) {
	most, exact := p.Goal.Size().MaxDistance()
	if p.Table != nil {
		most, exact = p.Table.Max(), true // MaxLevel too
	} else if lo > p.MaxLevel {
		return 0, fmt.Errorf("min=%d: %s levels go up to %d moves on this server", lo, p.name, p.MaxLevel)
	}
	hi, err := levels.CheckRange(p.Goal.Size(), lo, hi, most, exact)
	if err != nil {
		return 0, err
	}
	return min(hi, p.MaxLevel), nil
}

func (s *Server) stats(w http.ResponseWriter, r *http.Request) {
	s.serveBytes(w, r, "application/json", func(p *puzzle) (func() ([]byte, error), string) {
		return p.stats, fmt.Sprintf("no table for %s is loaded and no distribution is published here, so its distribution is not known", p.name)
	})
}

func (s *Server) chart(w http.ResponseWriter, r *http.Request) {
	s.serveBytes(w, r, "image/svg+xml", func(p *puzzle) (func() ([]byte, error), string) {
		return p.chart, fmt.Sprintf("no table for %s is loaded, so there is no chart to draw", p.name)
	})
}

// serveBytes answers a request for one size with the bytes that the
// puzzle's source gives, of the given content type, or 404 with the
// message if the puzzle has no such source.
func (s *Server) serveBytes(w http.ResponseWriter, r *http.Request, contentType string, source func(*puzzle) (func() ([]byte, error), string)) {
	p, ok := s.sizeRequest(w, r)
	if !ok {
		return
	}
	get, missing := source(p)
	if get == nil {
		writeError(w, http.StatusNotFound, missing)
		return
	}
	b, err := get()
	if err != nil {
		s.internal(w, r, err)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Write(b)
}

func publishedJSON(d published.Distribution, h published.Hardest) ([]byte, error) {
	b, err := json.Marshal(api.PublishedStats(d, h))
	return append(b, '\n'), err
}

func statsJSON(t *table.Table) ([]byte, error) {
	hardest, err := levels.Find(context.Background(), t, t.Max(), t.Max(), hardestListed)
	if err != nil {
		return nil, err
	}
	boards := make([]board.Board, len(hardest))
	for i, lv := range hardest {
		boards[i] = lv.Board
	}
	b, err := json.Marshal(api.NewStats(t, boards))
	return append(b, '\n'), err
}

func chartSVG(t *table.Table) ([]byte, error) {
	var buf bytes.Buffer
	err := chart.Write(&buf, t, "svg", nil)
	return buf.Bytes(), err
}

// sizeRequest reads the size of a request that takes only a size; on bad
// input it answers 400 and returns false.
func (s *Server) sizeRequest(w http.ResponseWriter, r *http.Request) (*puzzle, bool) {
	q, err := values(r, []string{"size"})
	var p *puzzle
	if err == nil {
		p, err = s.puzzle(q)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, human.Message(err))
		return nil, false
	}
	return p, true
}

// boardRequest reads the size and board of a request and whether the board
// can reach the goal; on bad input it answers 400 and returns false.
func (s *Server) boardRequest(w http.ResponseWriter, r *http.Request) (p *puzzle, b board.Board, solvable, ok bool) {
	q, err := values(r, []string{"size", "board"})
	if err == nil {
		p, err = s.puzzle(q)
	}
	if err == nil {
		b, err = boardParam(q, p)
	}
	if err == nil {
		solvable, err = b.SolvableTo(p.Goal)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, human.Message(err))
		return nil, board.Board{}, false, false
	}
	return p, b, solvable, true
}

// values parses the query of r, refusing a parameter not in allowed or
// given more than once.
func values(r *http.Request, allowed []string) (url.Values, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, fmt.Errorf("bad query: %v", err)
	}
	for name, vs := range q {
		known := false
		for _, a := range allowed {
			known = known || a == name
		}
		switch {
		case !known && len(allowed) == 0:
			return nil, fmt.Errorf("unknown parameter %q: %s takes none", name, r.URL.Path)
		case !known:
			return nil, fmt.Errorf("unknown parameter %q: %s takes %s", name, r.URL.Path, strings.Join(allowed, ", "))
		case len(vs) > 1:
			return nil, fmt.Errorf("parameter %s given %d times", name, len(vs))
		}
	}
	return q, nil
}

// puzzle returns the puzzle of the size parameter.
func (s *Server) puzzle(q url.Values) (*puzzle, error) {
	if !q.Has("size") {
		return nil, errors.New("missing parameter size, such as size=3x3")
	}
	size, err := board.ParseSize(q.Get("size"))
	if err != nil {
		return nil, err
	}
	p, ok := s.puzzles[size]
	if !ok {
		names := make([]string, len(s.order))
		for i, p := range s.order {
			names[i] = p.name
		}
		return nil, fmt.Errorf("size %s is not served; the sizes are %s", size, strings.Join(names, ", "))
	}
	return p, nil
}

// boardParam parses the board parameter as a board of p's size.
func boardParam(q url.Values, p *puzzle) (board.Board, error) {
	if !q.Has("board") {
		return board.Board{}, fmt.Errorf("missing parameter board: the %d numbers of a %s board in reading order, 0 for the blank, such as board=%s",
			p.Goal.Len(), p.name, cellList(p.Goal))
	}
	return board.Parse(p.Goal.Size(), q.Get("board"))
}

// cellList writes the cells of b separated by commas.
func cellList(b board.Board) string {
	var sb strings.Builder
	for i := range b.Len() {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.Itoa(int(b.At(i))))
	}
	return sb.String()
}

// intParam parses a whole number in [0, maxParam], or returns def if the
// parameter is absent.
func intParam(q url.Values, name string, def int) (int, error) {
	if !q.Has(name) {
		return def, nil
	}
	v, err := strconv.Atoi(q.Get(name))
	if err != nil {
		return 0, fmt.Errorf("%s=%q: not a whole number", name, q.Get(name))
	}
	if v < 0 || v > maxParam {
		return 0, fmt.Errorf("%s=%d: want 0 to %d", name, v, maxParam)
	}
	return v, nil
}

// seedParam parses the seed parameter, or returns a random seed if absent.
func seedParam(q url.Values) (uint64, error) {
	if !q.Has("seed") {
		return rand.Uint64(), nil
	}
	v, err := strconv.ParseUint(q.Get("seed"), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed=%q: want a whole number from 0 to %d", q.Get("seed"), uint64(1<<64-1))
	}
	return v, nil
}

// work runs f, the work of a request, and writes its answer. Unless cheap,
// f holds one of the server's search slots (503 with Retry-After if none is
// free) and runs under the time limit.
func (s *Server) work(w http.ResponseWriter, r *http.Request, cheap bool, f func(ctx context.Context) (any, error)) {
	ctx := r.Context()
	if !cheap {
		select {
		case s.slots <- struct{}{}:
			defer func() { <-s.slots }()
		default:
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("busy: %d searches are running, the most at once; try again shortly", cap(s.slots)))
			return
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.timeout)
		defer cancel()
	}
	v, err := f(ctx)
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, v)
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the search took longer than this server's time limit of %v", s.timeout))
	case errors.Is(err, context.Canceled):
		writeError(w, http.StatusServiceUnavailable, "request cancelled")
	case errors.Is(err, levels.ErrRange):
		writeError(w, http.StatusBadRequest, human.Message(err))
	case errors.Is(err, levels.ErrNotFound):
		writeError(w, http.StatusServiceUnavailable, human.Message(err))
	default:
		s.internal(w, r, err)
	}
}

// internal answers 500 for a failure of the server, and logs it.
func (s *Server) internal(w http.ResponseWriter, r *http.Request, err error) {
	if s.log != nil {
		s.log.ErrorContext(r.Context(), "internal error", "path", r.URL.Path, "query", r.URL.RawQuery, "error", err)
	}
	writeError(w, http.StatusInternalServerError, "internal error: "+human.Message(err))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b, _ = json.Marshal(api.Error{Error: "internal error: " + err.Error()})
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, api.Error{Error: msg})
}
