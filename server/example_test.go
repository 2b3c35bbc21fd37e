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
	// 200 {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"1e9355311dda5f9709c0568b2e12f2137014f4b70cabb50869a5cd0a8f8f40a0"}}
	// 200 {"size":"4x4","board":[1,2,3,4,9,5,7,8,0,6,10,12,13,14,11,15],"solvable":true,"distance":6,"moves":[9],"source":{"where":"built-in","kind":"pattern database","exact":false,"hash":"2eb3ba3addbb59fe13e39a9ecb07a6b7d6293e77891d590e047348c43bd1d030"}}
	// 400 {"error":"3x3 needs 9 numbers, got 3"}
}
