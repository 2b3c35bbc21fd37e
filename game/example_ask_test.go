package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/source"
)

// Questions a game page asks, read from the HTTP API's queries
// (api.ParseQuery) and answered through the one door (Game.Ask) in the
// objects of package api as the HTTP API and the WebAssembly module encode
// them; a bad one fails at once, naming the problem, with the kind a front
// end answers (400).
func ExampleGame_Ask() {
	cat, err := source.NewCatalog(nil)
	if err != nil {
		panic(err)
	}
	g, err := game.FromCatalog(cat, nil)
	if err != nil {
		panic(err)
	}
	for _, q := range []struct {
		name  string
		query string
	}{
		{"distance", "size=3x3&board=8,6,7,2,5,4,3,0,1"},
		{"hint", "size=3x3&board=1,2,3,4,5,6,0,7,8&metric=multi"},
		{"level", "size=3x2&min=21&seed=1"},
		{"distance", "size=3x3&board=1,2,3,4,5,6,7,7,0"},
	} {
		v, err := url.ParseQuery(q.query)
		if err != nil {
			panic(err)
		}
		question, err := api.ParseQuery(q.name, v)
		var req *game.Request
		if err == nil {
			req, err = g.Ask(question)
		}
		if err != nil {
			fmt.Println(game.Status(err), err)
			continue
		}
		answer, err := req.Answer(context.Background())
		if err != nil {
			panic(err)
		}
		b, _ := json.Marshal(answer)
		fmt.Println(string(b))
	}
	// Output:
	// {"size":"3x3","board":[8,6,7,2,5,4,3,0,1],"solvable":true,"distance":31,"source":{"where":"built-in","kind":"table","exact":true,"hash":"1e9355311dda5f9709c0568b2e12f2137014f4b70cabb50869a5cd0a8f8f40a0"}}
	// {"size":"3x3","metric":"multi","board":[1,2,3,4,5,6,0,7,8],"solvable":true,"distance":1,"moves":[8],"slides":[2],"source":{"where":"built-in","kind":"table","exact":true,"hash":"a21f48822a82db40b0686f0d9ebbb7306f43b255ff12cab892d22eb46ee347f1"}}
	// {"size":"3x2","board":[4,5,0,1,2,3],"distance":21,"source":{"where":"built-in","kind":"table","exact":true,"hash":"206f83664a16072631b193cab896859c38ec3f2423d8032bf93280d24d7f2dcb"}}
	// 400 tile 7 appears twice
}
