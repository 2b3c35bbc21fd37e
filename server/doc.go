// Package server is slidetable's HTTP server: a page where a person plays the
// sliding-tile puzzle with exact help, and the JSON API that page uses, which
// any game can call. It serves its page from files embedded in the binary
// (plain HTML, CSS and JavaScript: no build step, nothing loaded from
// elsewhere) and answers with the objects of package api, the same as the
// command line's -json output.
//
// The API, all GET, all JSON unless said otherwise, answered by package
// game (which the WebAssembly build answers with too):
//
//	/api/sizes                                 the sizes served, with their largest distances
//	/api/distance?size=3x3&board=8,6,7,2,5,4,3,0,1   api.Distance
//	/api/solvable?size=3x3&board=...                 api.Solvable: by the parity rule
//	/api/hint?size=3x3&board=...                     api.Moves: every optimal next move
//	/api/solve?size=3x3&board=...                    api.Moves: a shortest solution
//	/api/level?size=3x3&min=20&max=22&seed=1         api.Level: a board at a distance in range
//	/api/stats?size=3x3                              api.Stats: the distance distribution
//	/api/chart?size=3x3                              the distribution as an SVG chart: a table's, or the published one (4x4)
//	/api/openapi.json                                the OpenAPI 3.1 document of all of these (OpenAPI)
//	/healthz                                         "ok", for load balancers, then Options.Warnings
//
// Each endpoint but healthz also takes metric=multi, for the multi-tile
// metric (a tap slides every tile between it and the blank), which a
// Puzzle with Metric board.MultiTile plays: see package game.
//
// The endpoints of a board take, instead of board, scramble=R3D2L: the
// board those moves make from the goal, written as speedsolvers write
// them (the way the tiles slide, U, D, L or R, with how many slide at
// once). hint and solve take notation=letters, which adds each move so
// written (api.Moves.Letters).
//
// Files serves the page at / with the WebAssembly build of package js
// beside it (and the element <slidetable-puzzle> the page is built from);
// 'slidetable web' writes the same files out, SiteFiles, whose index.html
// tells the page that it is static, so that it asks no /api/.
//
// Each size is a Puzzle: its goal, a Solver that answers distances, hints
// and shortest solutions, and, where there is one, the exact table of the
// size, which also gives the distribution and levels drawn uniformly by
// distance. Sizes without a table (4x4) get levels as package game draws
// them (uniform boards solved, random walks kept by their exact distance,
// or the published boards at the largest distance), and the distribution
// that package published holds for them, if any, with its source.
//
// Bad input is answered with status 400 and {"error":"..."} naming the
// problem. Work that may be long (a search on a size without a table, the
// choice of a level, the distribution or chart of a large table the first
// time) runs under a time limit per request and a limit on how many run
// at once, so no request can take the server down: a request beyond that
// limit gets 503 with Retry-After (as every 503 does: asking again shortly
// may succeed); one that runs out of time gets 422 with
// {"error":"...","final":true} and no Retry-After, as the same board takes
// as long every time (game.Status decides every status). Queries (MaxQuery), bodies (MaxBody, however they
// are sent) and request headers (MaxHeader) larger than a small limit are
// refused. With Options.CORS, pages of the origins named may call the API
// from a browser (preflight requests included); by default only the
// page's own origin can.
//
// Run also guards against slow, idle and non-reading clients: a client
// has ReadHeaderTimeout to send a request's headers and may stay idle
// IdleTimeout between requests; an answer is written 16 KB at a time, each
// within WriteStall, so that a client that takes an answer slower than
// that, or stops reading, has it ended; and at most Options.MaxConns
// connections are open. A connection is busy from the moment the server
// has read the end of its request's headers until it has answered;
// otherwise it is quiet: silent (new, and has sent nothing), partial (it
// has sent part of a request and no more) or idle (between requests). At
// the cap a new connection sheds another, so that a flood of slow, idle or
// non-reading connections cannot keep prompt clients out: a partial one,
// else an idle one, at once; else one whose answer has not moved for
// ShedStuckAfter (its client takes none of it); else, once a few more
// have been let in for a moment (at most MaxExtraConns), a silent one,
// once silent for ShedSilentAfter; never one whose request has come but
// is not read yet (on Unix, where the socket tells). While none may be
// shed yet, the new one waits (clients after it wait in the listen
// queue); if every connection is busy with a request and none is writing,
// the new one gets a fixed 503 with Retry-After at once and is closed. At
// most Options.MaxConns+MaxExtraConns+1 connections hold a file at once:
// the victims are closed just after the connection that sheds them is
// accepted.
//
// The spare times trade a prompt client's safety against the wait of
// every new client at the cap. A client idle between requests is shed at
// once: its next request opens a new connection (browsers and HTTP
// libraries retry a GET whose kept connection was closed), and a request
// already sent is never shed. A new connection is spared ShedSilentAfter
// (200 ms) for its first bytes: a prompt client sends its request at once,
// and only a client process starved of CPU for longer, at a cap full of
// silent connections, can lose its connection before its request arrives.
// A longer spare lets a flood of idle or silent connections that
// reconnect as fast as they are shed hold each new client up to as long,
// in turn after turn (docs/performance.md compares a spare of a second
// with these, beside 1,100 idle connections).
//
// A Server is an http.Handler, safe for concurrent use; Run serves it on a
// listener until its context ends, then shuts down gracefully.
package server
