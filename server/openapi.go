package server

import (
	_ "embed"
	"net/http"
)

// openAPI is the OpenAPI 3.1 document of the API, served at
// /api/openapi.json: every endpoint, parameter, answer and error. The
// tests validate every answer they get against it.
//
//go:embed openapi.json
var openAPI []byte

// OpenAPI returns the OpenAPI 3.1 document of the API (JSON), as
// /api/openapi.json serves it, from which a client can be generated.
func OpenAPI() []byte { return append([]byte(nil), openAPI...) }

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(openAPI)
}
