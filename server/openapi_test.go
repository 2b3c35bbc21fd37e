package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/server"
)

// The answers of the API are checked against its OpenAPI document
// (server.OpenAPI, /api/openapi.json): each answer a test gets through
// call, serve or checked is validated against the document's response for
// its path and status, and the parameters of each answered request
// against the document's parameters. The validator below knows the
// subset of JSON Schema the document uses, and refuses any keyword it
// does not know, so that the document cannot say more than is checked.

// spec is the parsed document.
var spec = sync.OnceValues(func() (map[string]any, error) {
	var doc map[string]any
	d := json.NewDecoder(bytes.NewReader(server.OpenAPI()))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		return nil, err
	}
	return doc, nil
})

// openAPIDoc returns the parsed document, failing t if it does not parse.
func openAPIDoc(t testing.TB) map[string]any {
	t.Helper()
	doc, err := spec()
	if err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	return doc
}

// resolve follows a local $ref ("#/components/schemas/Board").
func resolve(doc map[string]any, v any) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("not an object: %v", v)
	}
	for range 10 {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m, nil
		}
		var at any = doc
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			obj, ok := at.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("$ref %s does not resolve", ref)
			}
			if at, ok = obj[part]; !ok {
				return nil, fmt.Errorf("$ref %s does not resolve", ref)
			}
		}
		if m, ok = at.(map[string]any); !ok {
			return nil, fmt.Errorf("$ref %s is not an object", ref)
		}
	}
	return nil, fmt.Errorf("$ref loop at %v", m)
}

// annotations are the keywords of a schema that constrain nothing.
var annotations = map[string]bool{"description": true, "examples": true, "default": true, "title": true}

// validate checks v, decoded with UseNumber, against the schema s.
func validate(doc map[string]any, s any, v any, at string) error {
	schema, err := resolve(doc, s)
	if err != nil {
		return fmt.Errorf("%s: %w", at, err)
	}
	for k := range schema {
		switch k {
		case "type", "properties", "required", "additionalProperties", "items", "enum", "const",
			"minimum", "maximum", "minItems", "maxItems", "pattern", "maxLength":
		default:
			if !annotations[k] {
				return fmt.Errorf("%s: the schema uses %q, which this validator does not know", at, k)
			}
		}
	}
	if t, ok := schema["type"]; ok {
		types := []string{}
		switch t := t.(type) {
		case string:
			types = append(types, t)
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.ContainsFunc(types, func(t string) bool { return isType(v, t) }) {
			return fmt.Errorf("%s: %s is not of type %v", at, short(v), types)
		}
	}
	if c, ok := schema["const"]; ok && !sameJSON(c, v) {
		return fmt.Errorf("%s: %s, want %s", at, short(v), short(c))
	}
	if e, ok := schema["enum"].([]any); ok && !slices.ContainsFunc(e, func(x any) bool { return sameJSON(x, v) }) {
		return fmt.Errorf("%s: %s is not one of %s", at, short(v), short(e))
	}
	if n, ok := v.(json.Number); ok {
		x, _ := new(big.Rat).SetString(n.String())
		if lo, ok := schema["minimum"].(json.Number); ok {
			if l, _ := new(big.Rat).SetString(lo.String()); x.Cmp(l) < 0 {
				return fmt.Errorf("%s: %s is below the minimum %s", at, n, lo)
			}
		}
		if hi, ok := schema["maximum"].(json.Number); ok {
			if h, _ := new(big.Rat).SetString(hi.String()); x.Cmp(h) > 0 {
				return fmt.Errorf("%s: %s is above the maximum %s", at, n, hi)
			}
		}
	}
	if str, ok := v.(string); ok {
		if p, ok := schema["pattern"].(string); ok && !regexp.MustCompile(p).MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", at, str, p)
		}
		if m, ok := schema["maxLength"].(json.Number); ok {
			if n, _ := m.Int64(); int64(utf8.RuneCountInString(str)) > n {
				return fmt.Errorf("%s: %d characters, more than %d", at, utf8.RuneCountInString(str), n)
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if m, ok := schema["minItems"].(json.Number); ok {
			if n, _ := m.Int64(); int64(len(arr)) < n {
				return fmt.Errorf("%s: %d items, fewer than %d", at, len(arr), n)
			}
		}
		if m, ok := schema["maxItems"].(json.Number); ok {
			if n, _ := m.Int64(); int64(len(arr)) > n {
				return fmt.Errorf("%s: %d items, more than %d", at, len(arr), n)
			}
		}
		if items, ok := schema["items"]; ok {
			for i, x := range arr {
				if err := validate(doc, items, x, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	if obj, ok := v.(map[string]any); ok {
		props, _ := schema["properties"].(map[string]any)
		for _, r := range asList(schema["required"]) {
			if _, ok := obj[r]; !ok {
				return fmt.Errorf("%s: no %q", at, r)
			}
		}
		for k, x := range obj {
			p, ok := props[k]
			if !ok {
				if extra, ok := schema["additionalProperties"].(bool); ok && !extra {
					return fmt.Errorf("%s: %q is not in the schema", at, k)
				}
				continue
			}
			if err := validate(doc, p, x, at+"."+k); err != nil {
				return err
			}
		}
	}
	return nil
}

func isType(v any, t string) bool {
	switch x := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case json.Number:
		_, err := strconv.ParseInt(x.String(), 10, 64)
		return t == "number" || t == "integer" && err == nil
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func asList(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}

// checkAnswer checks an answer of the API against the document: that its
// path is documented (or, not being an endpoint, was answered 404), that
// the parameters of a request answered 200 are the documented ones with
// valid values, and that the body is of the documented response's media
// type and schema, with its headers.
func checkAnswer(method, target string, status int, header http.Header, body []byte) error {
	doc, err := spec()
	if err != nil {
		return err
	}
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	if u.Path != "/healthz" && !strings.HasPrefix(u.Path, "/api/") || method == http.MethodOptions {
		return nil // the page's files; CORS preflight, which is HTTP's, not the API's
	}
	paths := doc["paths"].(map[string]any)
	item, ok := paths[u.Path].(map[string]any)
	var op map[string]any
	if ok {
		op, ok = item[strings.ToLower(method)].(map[string]any)
	}
	if !ok {
		if status != http.StatusNotFound && status != http.StatusMethodNotAllowed && status != http.StatusRequestURITooLong {
			return fmt.Errorf("%s %s is not in the document, yet answered %d", method, u.Path, status)
		}
		op = paths["/api/sizes"].(map[string]any)["get"].(map[string]any) // its default response
	}
	if status == http.StatusOK {
		if err := checkParams(doc, op, u.Query()); err != nil {
			return fmt.Errorf("%s: %w", target, err)
		}
	}
	responses := op["responses"].(map[string]any)
	resp, ok := responses[strconv.Itoa(status)]
	if !ok {
		if resp, ok = responses["default"]; !ok {
			return fmt.Errorf("%s: status %d is not documented", target, status)
		}
	}
	r, err := resolve(doc, resp)
	if err != nil {
		return err
	}
	for name, h := range mapOf(r["headers"]) {
		hs, err := resolve(doc, h)
		if err != nil {
			return err
		}
		got := header.Get(name)
		if got == "" {
			return fmt.Errorf("%s: %d without the header %s", target, status, name)
		}
		if err := validate(doc, hs["schema"], got, name); err != nil {
			return fmt.Errorf("%s: %w", target, err)
		}
	}
	ctype, _, err := mime.ParseMediaType(header.Get("Content-Type"))
	if err != nil {
		return fmt.Errorf("%s: Content-Type %q: %w", target, header.Get("Content-Type"), err)
	}
	media, ok := mapOf(r["content"])[ctype].(map[string]any)
	if !ok {
		return fmt.Errorf("%s: %d answered as %s, which the document does not give", target, status, ctype)
	}
	var v any = string(body)
	if ctype == "application/json" {
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			return fmt.Errorf("%s: not JSON: %w", target, err)
		}
	}
	if err := validate(doc, media["schema"], v, "answer"); err != nil {
		return fmt.Errorf("%s (%d): %w", target, status, err)
	}
	return nil
}

// checkParams checks the parameters of an answered request: each is
// documented for the operation, with a valid value, and each required
// one is there.
func checkParams(doc map[string]any, op map[string]any, q url.Values) error {
	seen := map[string]bool{}
	for _, pv := range listOf(op["parameters"]) {
		p, err := resolve(doc, pv)
		if err != nil {
			return err
		}
		name := p["name"].(string)
		seen[name] = true
		vs, ok := q[name]
		if !ok {
			if p["required"] == true {
				return fmt.Errorf("answered without the required parameter %s", name)
			}
			continue
		}
		schema, err := resolve(doc, p["schema"])
		if err != nil {
			return err
		}
		var v any = vs[0]
		if schema["type"] == "integer" {
			v = json.Number(vs[0])
		}
		if err := validate(doc, schema, v, "parameter "+name); err != nil {
			return err
		}
	}
	for k := range q {
		if !seen[k] {
			return fmt.Errorf("answered with the parameter %s, which the document does not give", k)
		}
	}
	return nil
}

func mapOf(v any) map[string]any { m, _ := v.(map[string]any); return m }
func listOf(v any) []any         { l, _ := v.([]any); return l }

// serve makes the request of h, checks the answer against the document,
// and returns it.
func serve(t testing.TB, h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if err := checkAnswer(req.Method, req.URL.RequestURI(), rec.Code, rec.Header(), rec.Body.Bytes()); err != nil {
		t.Errorf("openapi.json: %v", err)
	}
	return rec
}

// checked wraps h so that each of its answers is checked against the
// document, for a test that serves h on a listener.
func checked(t testing.TB, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if err := checkAnswer(r.Method, r.URL.RequestURI(), rec.Code, rec.Header(), rec.Body.Bytes()); err != nil {
			t.Errorf("openapi.json: %v", err)
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
}

// TestOpenAPI checks the document itself: an OpenAPI 3.1 document served
// at /api/openapi.json, with every endpoint the server answers and no
// other, each endpoint of package game with exactly the parameters it
// takes, every $ref resolving, and its examples valid.
func TestOpenAPI(t *testing.T) {
	s := newServer(t, nil)
	rec := serve(t, s, httptest.NewRequest(http.MethodGet, "/api/openapi.json", nil))
	if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), server.OpenAPI()) {
		t.Fatalf("/api/openapi.json: %d %.100s", rec.Code, rec.Body)
	}
	doc := openAPIDoc(t)
	if doc["openapi"] != "3.1.0" {
		t.Errorf("openapi %v, want 3.1.0", doc["openapi"])
	}
	var all []any
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			all = append(all, x)
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(doc)
	for _, x := range all {
		if _, ok := x.(map[string]any)["$ref"]; ok {
			if _, err := resolve(doc, x); err != nil {
				t.Error(err)
			}
		}
	}
	// The paths: the game's endpoints, the chart, this document, healthz.
	var want []string
	for _, e := range game.Endpoints {
		want = append(want, "/api/"+e)
	}
	want = append(want, "/api/chart", "/api/openapi.json", "/healthz")
	var got []string
	for p := range mapOf(doc["paths"]) {
		got = append(got, p)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("documented paths %v, want %v", got, want)
	}
	ids := map[string]bool{}
	for path, item := range mapOf(doc["paths"]) {
		op := mapOf(mapOf(item)["get"])
		id, _ := op["operationId"].(string)
		if id == "" || ids[id] {
			t.Errorf("%s: operationId %q missing or repeated", path, id)
		}
		ids[id] = true
		if _, ok := mapOf(op["responses"])["200"]; !ok {
			t.Errorf("%s: no 200 response", path)
		}
		// The parameters the server takes, which a request with an
		// unknown one lists.
		if !strings.HasPrefix(path, "/api/") || path == "/api/openapi.json" {
			continue
		}
		var documented []string
		for _, pv := range listOf(op["parameters"]) {
			p, err := resolve(doc, pv)
			if err != nil {
				t.Fatal(err)
			}
			documented = append(documented, p["name"].(string))
			if ex, ok := p["example"]; ok {
				if err := validate(doc, p["schema"], ex, path+" example"); err != nil {
					t.Error(err)
				}
			}
		}
		var e struct{ Error string }
		code, body := call(t, s, path+"?zz=1", nil)
		json.Unmarshal([]byte(body), &e)
		_, takes, _ := strings.Cut(e.Error, " takes ")
		if code != 400 || takes == "" {
			t.Fatalf("%s?zz=1: %d %s", path, code, body)
		}
		if taken := strings.Split(takes, ", "); !slices.Equal(slices.Sorted(slices.Values(taken)), slices.Sorted(slices.Values(documented))) {
			t.Errorf("%s: documented parameters %v; the server takes %v", path, documented, taken)
		}
	}
	for name, sv := range mapOf(mapOf(doc["components"])["schemas"]) {
		for _, ex := range listOf(mapOf(sv)["examples"]) {
			if err := validate(doc, sv, ex, name+" example"); err != nil {
				t.Error(err)
			}
		}
	}
}

// TestOpenAPIValidator checks that the validator refuses what the document
// does not allow, so that its passing means something.
func TestOpenAPIValidator(t *testing.T) {
	ok := `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31}`
	h := http.Header{"Content-Type": {"application/json"}}
	if err := checkAnswer("GET", "/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1", 200, h, []byte(ok)); err != nil {
		t.Fatalf("a good answer: %v", err)
	}
	for _, tc := range []struct{ target, body string }{
		{"/api/distance?size=3x3&board=1", `{"size":"3x3","board":[1],"solvable":true}`},                       // too few cells
		{"/api/distance?size=3x3&board=1", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":"yes"}`},      // not a boolean
		{"/api/distance?size=3x3&board=1", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"x":1}`}, // an extra field
		{"/api/distance?size=3x3&board=1", `{"board":[8,6,7,2,5,4,3,0,1],"solvable":true}`},                    // no size
		{"/api/distance?size=3x3&board=1", `{"size":"3x","board":[8,6,7,2,5,4,3,0,1],"solvable":true}`},        // a bad size
		{"/api/distance?size=3x3&board=1", `{"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":-1}`},
		{"/api/distance?size=3x3&board=1", `{"size":"3x3","metric":"single","board":[8,6,7,2,5,4,3,0,1],"solvable":true}`},
		{"/api/distance?size=3x3&board=1&x=1", ok}, // an undocumented parameter
		{"/api/distance?board=1", ok},                // without a required one
		{"/api/level?size=3x3&min=1001", ok},         // out of range
		{"/api/distance?size=3x3&metric=many", ok},   // not in the enum
		{"/api/nowhere", ok},                         // not documented, answered 200
		{"/api/stats?size=3x3", `{"size":"3x3"}`},    // missing fields
		{"/api/sizes", `[{"size":"3x3","width":3}]`}, // an entry missing fields
	} {
		if err := checkAnswer("GET", tc.target, 200, h, []byte(tc.body)); err == nil {
			t.Errorf("%s %s: valid", tc.target, tc.body)
		}
	}
	if err := checkAnswer("GET", "/api/distance?size=3x3&board=1", 200, http.Header{"Content-Type": {"text/plain"}}, []byte(ok)); err == nil {
		t.Error("JSON sent as text/plain: valid")
	}
	if err := checkAnswer("GET", "/api/distance?size=3x3&board=1", 503, h, []byte(`{"error":"busy"}`)); err == nil {
		t.Error("503 without Retry-After: valid")
	}
	if err := validate(openAPIDoc(t), map[string]any{"oneOf": []any{}}, 1, "x"); err == nil {
		t.Error("a keyword the validator does not know: accepted")
	}
}
