package game_test

import (
	"net/url"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/game"
)

// request asks g the question the HTTP API's endpoint name asks with the query
// q, as the server does: read by api.ParseQuery, answered by Game.Ask.
func request(g *game.Game, name string, q url.Values) (*game.Request, error) {
	qn, err := api.ParseQuery(name, q)
	if err != nil {
		return nil, err
	}
	return g.Ask(qn)
}
