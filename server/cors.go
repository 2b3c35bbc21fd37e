package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// CheckOrigin checks an origin for Options.CORS: "*", or a scheme (http
// or https) and a host with an optional port, as a browser sends them in
// the header Origin ("https://game.example", "http://127.0.0.1:8000").
func CheckOrigin(origin string) error {
	if origin == "*" {
		return nil
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return fmt.Errorf("origin %q: want * or a scheme and a host, such as https://game.example", origin)
	}
	return nil
}

// corsOrigins returns the set of origins of Options.CORS.
func corsOrigins(origins []string) (map[string]bool, error) {
	if len(origins) == 0 {
		return nil, nil
	}
	m := make(map[string]bool, len(origins))
	for _, o := range origins {
		if err := CheckOrigin(o); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrConfig, err)
		}
		m[strings.TrimSuffix(o, "/")] = true
	}
	return m, nil
}

// allowOrigin sets the CORS headers of an API answer to a page of an
// allowed origin, and reports whether the origin is allowed.
func (s *Server) allowOrigin(w http.ResponseWriter, r *http.Request) bool {
	if s.cors == nil {
		return false
	}
	h := w.Header()
	h.Add("Vary", "Origin")
	origin := r.Header.Get("Origin")
	switch {
	case origin == "":
		return false
	case s.cors["*"]:
		h.Set("Access-Control-Allow-Origin", "*")
	case s.cors[origin]:
		h.Set("Access-Control-Allow-Origin", origin)
	default:
		return false
	}
	return true
}

// preflight answers a CORS preflight request of an allowed origin: GET
// and HEAD, with the headers it asks for, for a day.
func preflight(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", "GET, HEAD")
	if asked := r.Header.Get("Access-Control-Request-Headers"); asked != "" {
		h.Set("Access-Control-Allow-Headers", asked)
	}
	h.Set("Access-Control-Max-Age", "86400")
	h.Add("Vary", "Access-Control-Request-Method")
	h.Add("Vary", "Access-Control-Request-Headers")
	w.WriteHeader(http.StatusNoContent)
}
