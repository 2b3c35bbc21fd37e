package game_test

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"
)

// BenchmarkDistance3x3 measures a 3x3 distance request from its query to
// its JSON, the work of one call of the WebAssembly build.
func BenchmarkDistance3x3(b *testing.B) {
	g := newGame(b, false)
	b.ReportAllocs()
	for b.Loop() {
		q, err := url.ParseQuery("size=3x3&board=8+6+7%2F2+5+4%2F3+0+1")
		if err != nil {
			b.Fatal(err)
		}
		req, err := request(g, "distance", q)
		if err != nil {
			b.Fatal(err)
		}
		v, err := req.Answer(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		if _, err := json.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}
