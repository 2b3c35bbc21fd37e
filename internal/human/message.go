package human

import "strings"

// packages are the names of this module's packages, which begin their
// error messages ("board: tile 7 appears twice").
var packages = map[string]bool{
	"api": true, "bfs": true, "board": true, "build": true, "chart": true, "coverage": true, "data": true,
	"game": true, "gen": true, "ida": true, "levels": true, "pdb": true, "published": true, "rank": true, "server": true,
	"solve": true, "solver": true, "table": true,
}

// Message returns an error message for a person: msg without the names of
// this module's packages among its parts (separated by ": "), so that
// "board: tile 7 appears twice" reads "tile 7 appears twice". People know
// boards, sizes and files, not packages.
func Message(msg string) string {
	parts := strings.Split(msg, ": ")
	kept := parts[:0]
	for _, p := range parts {
		if !packages[p] {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ": ")
}
