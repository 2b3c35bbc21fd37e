package server_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/server"
	"github.com/slidetable/slidetable/source"
)

// A server for the built-in tables and 4x4 by search, asked for a
// distance as a game would ask it.
func ExampleNew() {
	cat, err := source.NewCatalog(&source.CatalogOptions{Searched: []board.Size{{W: 4, H: 4}}})
	if err != nil {
		panic(err)
	}
	g, err := game.FromCatalog(cat, nil)
	if err != nil {
		panic(err)
	}
	s, err := server.New(g, nil)
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(s) // or s.Run(ctx, listener, grace)
	defer ts.Close()

	for _, q := range []string{
		"/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1",
		"/api/hint?size=4x4&board=1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15",
		"/api/distance?size=3x3&board=1,2,3",
	} {
		res, err := http.Get(ts.URL + q)
		if err != nil {
			panic(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		fmt.Printf("%d %s", res.StatusCode, body)
	}
	// Output:
	// 200 {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"f0d2365e751d46c3e96a4358cb12f2bb35c5e4a4f14de60e2babdde3de6437ca"}}
	// 200 {"size":"4x4","board":[1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15],"solvable":true,"distance":6,"moves":[9],"source":{"where":"built-in","kind":"pattern database","exact":false,"hash":"83b40e77a9fc3046af6902472ce90b26b5a19a26387ec5c41c36ee600c2e82bf"}}
	// 400 {"error":"3x3 needs 9 numbers, got 3"}
}
