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

// answer answers one request as the HTTP API would: its status and body.
func answer(g *game.Game, name, query string) string {
	q, err := url.ParseQuery(query)
	if err != nil {
		return badQuery(err)
	}
	req, err := g.Request(name, q)
	if err != nil {
		return errorReply(err)
	}
	return respond(req)
}

// lookup answers a request as answer does if a table or a level pack
// answers it at once (game.Request.Cheap: a lookup, a parity, a listing,
// a bad request). Otherwise it answers nothing but an object that says
// what must answer it, each file named as demand writes it:
//
//   - {need, search, abstraction} if the request is about a size and
//     metric whose level pack the module leaves out (data.OnDemand) and
//     has not been given: need is the pack, which slidetable.js fetches
//     and gives (give) to every worker before it asks again, since the
//     pack may answer the request with no search; search says whether a
//     search answers it without the pack (every request but a level,
//     which the pack deals), and abstraction is as below. slidetable.js
//     lets a search that needs no other file run while the pack is
//     fetched, and goes on with it if the pack cannot be had.
//   - else {search: true, abstraction}: a search must answer it, and
//     abstraction is the abstraction database the module leaves out if
//     that search needs it, else false.
//
// A file's sum lets slidetable.js check it before it gives it, and keep
// it in the browser's cache; its length bounds its fetch. A worker that
// only looks up is thus never held by a search.
func lookup(g *game.Game, name, query string) any {
	q, err := url.ParseQuery(query)
	if err != nil {
		return badQuery(err)
	}
	req, err := g.Request(name, q)
	if err != nil {
		return errorReply(err)
	}
	if d, ok := packed(g, name, q); ok {
		given, err := data.Given(d.Name)
		if err != nil {
			return errorReply(err)
		}
		if !given {
			return map[string]any{"need": demand(d), "search": name != "level" && !req.Cheap(), "abstraction": abstraction(g, name, q)}
		}
	}
	if req.Cheap() {
		return respond(req)
	}
	return map[string]any{"search": true, "abstraction": abstraction(g, name, q)}
}

// abstraction returns the abstraction database of data.OnDemand that a
// search for a request q of the endpoint name needs (demand), or false.
func abstraction(g *game.Game, name string, q url.Values) any {
	if d, ok := about(g, name, q, false); ok {
		return demand(d)
	}
	return false
}

// demand describes the file d of data.OnDemand to slidetable.js: {name,
// sha256, bytes}.
func demand(d data.Demand) map[string]any {
	return map[string]any{"name": d.Name, "sha256": d.Sum, "bytes": d.Bytes}
}

// packed returns the level pack of data.OnDemand that a request q of the
// endpoint name may be answered from (a level dealt, or a board on a
// pack's solutions: see game), and whether there is one.
func packed(g *game.Game, name string, q url.Values) (data.Demand, bool) {
	switch {
	case name != "level" && name != "distance" && name != "hint" && name != "solve":
	case q.Has("goal"): // a pack's distances are to the standard goal
	default:
		return about(g, name, q, true)
	}
	return data.Demand{}, false
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

// about returns the file of data.OnDemand for the size and metric of a
// request q of the endpoint name, a level pack if pack is set, else the
// abstraction database that bounds its searches, and whether there is
// one: such a file must be given before the request is answered. The size
// and metric are read as the request read them, so that any size the
// request accepts is recognised.
func about(g *game.Game, name string, q url.Values, pack bool) (data.Demand, bool) {
	of := url.Values{}
	for _, k := range []string{"size", "metric"} {
		if q.Has(k) {
			of[k] = q[k]
		}
	}
	p, err := g.Puzzle(of, name)
	if err != nil {
		return data.Demand{}, false
	}
	return data.Demanded(p.Goal.Size(), p.Metric, pack)
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
