//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"strconv"
	"syscall/js"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/gen"
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
			return bad("answer takes two strings, an endpoint and a query")
		}
		return answer(g, args[0].String(), args[1].String())
	}))
	obj.Set("lookup", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			return bad("lookup takes two strings, an endpoint and a query")
		}
		return lookup(g, args[0].String(), args[1].String())
	}))
	obj.Set("random", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return bad("random takes one string, a query")
		}
		return random(args[0].String())
	}))
	obj.Set("give", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeObject || !args[1].InstanceOf(js.Global().Get("Uint8Array")) {
			return "give takes a file's name and its bytes, a Uint8Array"
		}
		b := make([]byte, args[1].Get("length").Int())
		js.CopyBytesToGo(b, args[1])
		if err := data.Give(args[0].String(), b); err != nil {
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
// the multi-tile metric, and the 4x4 level packs are left out of the
// module (data.OnDemand): slidetable.js gives each (give) when lookup
// says that a call needs it.
func newGame() (*game.Game, error) {
	cat, err := source.NewCatalog(&source.CatalogOptions{Searched: []board.Size{{W: 4, H: 4}}})
	if err != nil {
		return nil, err
	}
	return game.FromCatalog(cat, &game.CatalogOptions{AnySize: true})
}

// ask reads the question the endpoint name asks with query, as the HTTP
// API does (api.ParseQuery), and returns the game's request that answers
// it, or the status and body of the error: one parse of the query for
// each call.
func ask(g *game.Game, name, query string) (*game.Request, string) {
	q, err := url.ParseQuery(query)
	if err != nil {
		return nil, badQuery(err)
	}
	qn, err := api.ParseQuery(name, q)
	if err == nil {
		var req *game.Request
		if req, err = g.Ask(qn); err == nil {
			return req, ""
		}
	}
	return nil, errorReply(err)
}

// answer answers one request as the HTTP API would: its status and body.
func answer(g *game.Game, name, query string) string {
	req, bad := ask(g, name, query)
	if req == nil {
		return bad
	}
	return respond(req)
}

// lookup answers a request as answer does if a table or a level pack
// answers it at once (game.Request.Cheap: a lookup, a parity, a listing,
// a bad request). Otherwise it answers nothing but an object that says
// what must answer it (game.Request.Needs), each file named as demand
// writes it:
//
//   - {need, search, abstraction} if the level pack that may answer the
//     request with no search is one the module leaves out (data.OnDemand)
//     and has not been given: need is the pack, which slidetable.js
//     fetches and gives (give) to every worker before it asks again;
//     search says whether a search answers the request without the pack
//     (every request but a level, which the pack deals), and abstraction
//     is as below. slidetable.js lets a search that needs no other file
//     run while the pack is fetched, and goes on with it if the pack
//     cannot be had.
//   - else {search: true, abstraction}: a search must answer it, and
//     abstraction is the abstraction database the module leaves out if
//     that search needs it, else false.
//
// A file's sum lets slidetable.js check it before it gives it, and keep
// it in the browser's cache; its length bounds its fetch. A worker that
// only looks up is thus never held by a search.
func lookup(g *game.Game, name, query string) any {
	req, bad := ask(g, name, query)
	if req == nil {
		return bad
	}
	pack, bound, search := req.Needs()
	var abstraction any = false
	if bound != nil {
		abstraction = demand(*bound)
	}
	switch {
	case pack != nil:
		return map[string]any{"need": demand(*pack), "search": search, "abstraction": abstraction}
	case req.Cheap():
		return respond(req)
	}
	return map[string]any{"search": true, "abstraction": abstraction}
}

// demand describes the file d of data.OnDemand to slidetable.js: {name,
// sha256, bytes}.
func demand(d data.Demand) map[string]any {
	return map[string]any{"name": d.Name, "sha256": d.Sum, "bytes": d.Bytes}
}

// random draws a board uniformly among those that reach the goal, for the
// query size=WxH, with goal=BOARD (default the standard goal) and
// seed=S (0 to 2^64-1; default a random seed): the status and body of
// {"size":"WxH","board":[...]} (with "goal" if it is not the standard
// one), as 'slidetable gen -json -seed S' prints it first. It needs no
// table nor search, so any size is drawn at once.
func random(query string) string {
	q, err := url.ParseQuery(query)
	if err != nil {
		return badQuery(err)
	}
	for k, vs := range q {
		switch {
		case k != "size" && k != "goal" && k != "seed":
			return bad(fmt.Sprintf("unknown parameter %q: random takes size, goal, seed", human.Clip(k, 40)))
		case len(vs) > 1:
			return bad(fmt.Sprintf("parameter %s given %d times", k, len(vs)))
		}
	}
	if !q.Has("size") {
		return bad("missing parameter size, such as size=3x3")
	}
	size, err := board.ParseSize(q.Get("size"))
	if err != nil {
		return bad(human.Message(err))
	}
	goal := board.Goal(size)
	if q.Has("goal") {
		if goal, err = board.Parse(size, q.Get("goal")); err != nil {
			return bad(human.Message(fmt.Errorf("goal=%q: %w", human.Clip(q.Get("goal"), 40), err)))
		}
	}
	seed := rand.Uint64()
	if q.Has("seed") {
		if seed, err = strconv.ParseUint(q.Get("seed"), 10, 64); err != nil {
			return bad(fmt.Sprintf("seed=%q: want a whole number from 0 to %d", human.Clip(q.Get("seed"), 40), uint64(1<<64-1)))
		}
	}
	b, err := gen.UniformTo(gen.NewRand(seed), goal)
	if err != nil {
		return errorReply(err)
	}
	return reply(200, api.NewDrawn(goal, b, nil))
}

// respond answers req: its status and body.
func respond(req *game.Request) string {
	v, err := req.Answer(context.Background())
	if err != nil {
		return errorReply(err)
	}
	return reply(200, v)
}

// badQuery is the status and body of a query that cannot be parsed.
func badQuery(err error) string {
	return bad("bad query: " + err.Error())
}

// bad is the status and body of bad input that msg describes.
func bad(msg string) string {
	return reply(failure.Input.Codes().HTTP, failed{api.Error{Error: msg}, failure.Input.Codes().JS})
}

// failed is the body of an error in answer and lookup: the API's, with
// the code of the JavaScript package's SlidetableError for its kind
// (failure.Codes.JS), which slidetable.js gives it. The HTTP status,
// which comes with it, is the kind's too.
type failed struct {
	api.Error
	Code string `json:"code"`
}

// errorReply is the status and body of an error.
func errorReply(err error) string {
	c := failure.KindOf(err).Codes()
	return reply(c.HTTP, failed{api.Error{Error: human.Message(err)}, c.JS})
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
