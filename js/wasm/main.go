//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"syscall/js"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/source"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "slidetable.wasm: want one argument, the name of the function to call when ready")
		os.Exit(2)
	}
	ready := js.Global().Get(os.Args[1])
	if ready.Type() != js.TypeFunction {
		fmt.Fprintf(os.Stderr, "slidetable.wasm: globalThis[%q] is not a function\n", os.Args[1])
		os.Exit(2)
	}
	g, err := newGame()
	if err != nil {
		ready.Invoke(js.Null(), human.Message(err))
		return
	}
	obj := js.Global().Get("Object").New()
	obj.Set("answer", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return reply(400, api.Error{Error: "answer takes two strings, an endpoint and a query"})
		}
		return answer(g, args[0].String(), args[1].String())
	}))
	obj.Set("lookup", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return reply(400, api.Error{Error: "lookup takes two strings, an endpoint and a query"})
		}
		return lookup(g, args[0].String(), args[1].String())
	}))
	obj.Set("give", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject || !args[0].InstanceOf(js.Global().Get("Uint8Array")) {
			return "give takes one Uint8Array, the bytes of 4x4-multi.abs"
		}
		b := make([]byte, args[0].Get("length").Int())
		js.CopyBytesToGo(b, args[0])
		if err := data.Give(board.Size{W: 4, H: 4}, b); err != nil {
			return human.Message(err)
		}
		return js.Null()
	}))
	ready.Invoke(obj, js.Null())
	select {} // answer calls until the page or process goes
}

// newGame returns the game of the catalogue of what is built in (the
// tables up to 3x3 and 4x2 in both metrics, each decoded when its size is
// first asked about, so that a page that plays 3x3 does not wait for the
// others, and the 4x4 pattern database), offering 4x4 too and answering
// any other size by search. The 4x4 abstraction database, for searches in
// the multi-tile metric, is left out of the module: slidetable.js gives
// it (give) before it asks about 4x4 in that metric.
func newGame() (*game.Game, error) {
	cat, err := source.NewCatalog(&source.CatalogOptions{Searched: []board.Size{{W: 4, H: 4}}})
	if err != nil {
		return nil, err
	}
	return game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
}

// answer answers one request as the HTTP API would: its status and body.
func answer(g *game.Game, name, query string) string {
	q, err := url.ParseQuery(query)
	if err != nil {
		return badQuery(err)
	}
	req, err := g.Request(name, q)
	if err != nil {
		return failure(err)
	}
	return respond(req)
}

// lookup answers a request as answer does if a table answers it at once
// (game.Request.Cheap: a lookup, a parity, a listing, a bad request), and
// otherwise answers nothing but an object {search: true, abstraction}
// saying that a search must answer it, where abstraction is true if that
// search needs the abstraction database the module leaves out (give). A
// worker that only looks up is thus never held by a search.
func lookup(g *game.Game, name, query string) any {
	q, err := url.ParseQuery(query)
	if err != nil {
		return badQuery(err)
	}
	req, err := g.Request(name, q)
	switch {
	case err != nil:
		return failure(err)
	case req.Cheap():
		return respond(req)
	}
	return map[string]any{"search": true, "abstraction": abstracted(g, name, q)}
}

// respond answers req: its status and body.
func respond(req *game.Request) string {
	v, err := req.Answer(context.Background())
	if err != nil {
		return failure(err)
	}
	return reply(200, v)
}

// badQuery is the status and body of a query that cannot be parsed.
func badQuery(err error) string {
	return reply(400, api.Error{Error: "bad query: " + err.Error()})
}

// failure is the status and body of an error.
func failure(err error) string {
	return reply(game.Status(err), api.Error{Error: human.Message(err)})
}

// abstracted reports whether a search for the size and metric of a
// request q of the endpoint name is bounded by an abstraction database
// the module leaves out (data.AbstractionSizes, in the multi-tile
// metric), which must be given first. The size and metric are read as
// the request read them, so that any size the request accepts is
// recognised.
func abstracted(g *game.Game, name string, q url.Values) bool {
	about := url.Values{}
	for _, k := range []string{"size", "metric"} {
		if q.Has(k) {
			about[k] = q[k]
		}
	}
	p, err := g.Puzzle(about, name)
	return err == nil && p.Metric == board.MultiTile && slices.Contains(data.AbstractionSizes(), p.Goal.Size())
}

// reply returns the status and v as JSON in one string, "200 {...}": one
// string crosses into JavaScript faster than an object's fields.
func reply(status int, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		status = 500
		b, _ = json.Marshal(api.Error{Error: "internal error: " + err.Error()})
	}
	return strconv.Itoa(status) + " " + string(b)
}
