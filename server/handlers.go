package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/chart"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/human"
)

// csp keeps the page to its own files: nothing is loaded from elsewhere.
// Its scripts may compile WebAssembly ('wasm-unsafe-eval'), which is how
// the page can answer without the API.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func (s *Server) routes() {
	files := http.FileServerFS(Files())
	m := http.NewServeMux()
	m.Handle("GET /", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", csp)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	}))
	m.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no endpoint %s; see /api/%s, chart, openapi.json", r.URL.Path, strings.Join(game.Endpoints, ", ")))
	})
	m.HandleFunc("GET /api/openapi.json", serveOpenAPI)
	for _, name := range game.Endpoints {
		m.HandleFunc("GET /api/"+name, s.endpoint(name))
	}
	m.HandleFunc("GET /api/chart", s.chart)
	m.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		io.WriteString(w, "ok\n")
		if s.health != nil {
			for _, line := range s.health() {
				io.WriteString(w, "warning: "+line+"\n")
			}
		}
	})
	s.mux = m
}

// endpoint returns the handler of the game's endpoint name.
func (s *Server) endpoint(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, err := url.ParseQuery(r.URL.RawQuery)
		if err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("bad query: %v", err))
			return
		}
		req, err := s.ask(name, q)
		if err != nil {
			writeError(w, game.Status(err), human.Message(err))
			return
		}
		s.work(w, r, req.Cheap(), req.Answer)
	}
}

// ask reads the question the endpoint name asks with the query q and
// returns the game's request that answers it.
func (s *Server) ask(name string, q url.Values) (*game.Request, error) {
	qn, err := api.ParseQuery(name, q)
	if err != nil {
		return nil, err
	}
	return s.game.Ask(qn)
}

// chart answers the distribution of a size, as /api/stats has it, drawn
// as an SVG bar chart: drawn once, the first time within the search slots
// and the time limit when the distribution takes a scan of a large table.
func (s *Server) chart(w http.ResponseWriter, r *http.Request) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("bad query: %v", err))
		return
	}
	// A chart is of a size's own distribution: it takes a size and a
	// metric, no goal.
	err = api.CheckParams(q, "chart", "size", "metric")
	var qn api.Question
	if err == nil {
		qn, err = api.ParseQuery("stats", q)
	}
	var req *game.Request
	if err == nil {
		req, err = s.game.Ask(qn)
	}
	if err != nil {
		writeError(w, game.Status(err), human.Message(err))
		return
	}
	key := chartKey{qn.Size, qn.Metric}
	s.chartMu.Lock()
	svg, ok := s.charts[key]
	s.chartMu.Unlock()
	if ok {
		writeSVG(w, svg)
		return
	}
	s.work(w, r, req.Cheap(), func(ctx context.Context) (any, error) {
		v, err := req.Answer(ctx)
		if err != nil {
			return nil, err
		}
		svg, err := chartSVG(chart.Stats(v.(api.Stats)))
		if err != nil {
			return nil, err
		}
		s.chartMu.Lock()
		s.charts[key] = svg
		s.chartMu.Unlock()
		return rawSVG(svg), nil
	})
}

// rawSVG is an answer of work written as an SVG image, not JSON.
type rawSVG []byte

func writeSVG(w http.ResponseWriter, svg []byte) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(svg)
}

func chartSVG(c chart.Counts) ([]byte, error) {
	var buf bytes.Buffer
	err := chart.Write(&buf, c, "svg", nil)
	return buf.Bytes(), err
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
			unavailable(w, fmt.Sprintf("busy: %d searches are running, the most at once; try again shortly", cap(s.slots)))
			return
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.timeout)
		defer cancel()
	}
	v, err := f(ctx)
	switch status := game.Status(err); {
	case err == nil:
		if svg, ok := v.(rawSVG); ok {
			writeSVG(w, svg)
			return
		}
		writeJSON(w, http.StatusOK, v)
	case game.Final(err):
		writeJSON(w, status, api.Error{Final: true, Error: fmt.Sprintf("no answer within this server's time limit of %v: the search takes longer, and asking this server again will not help", s.timeout)})
	case errors.Is(err, context.Canceled):
		unavailable(w, "request cancelled")
	case status == http.StatusServiceUnavailable:
		unavailable(w, human.Message(err))
	case game.Damaged(err):
		// A file of the server's: not the request's fault, nor a bug,
		// and the same until the file is mended.
		writeJSON(w, status, api.Error{Final: true, Error: "damaged file: " + human.Message(err)})
	case status == http.StatusInternalServerError:
		s.internal(w, r, err)
	default:
		writeError(w, status, human.Message(err))
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

// unavailable answers 503 with Retry-After: the work may succeed later.
func unavailable(w http.ResponseWriter, msg string) {
	w.Header().Set("Retry-After", retryAfter)
	writeError(w, http.StatusServiceUnavailable, msg)
}

// retryAfter is the Retry-After of every 503, in seconds.
const retryAfter = "1"

// writeError answers status with {"error": msg}; msg is for a person, as
// human.Message writes an error.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, api.Error{Error: msg})
}
