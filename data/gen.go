//go:build ignore

// Gen builds the files this package embeds, those of the recipes built
// into the programs (internal/recipe: the tables, the pattern database and
// the abstraction tier), through the one entry of every build,
// source.Build: go generate ./data. (It links this package, which embeds
// the files it writes: a recipe of a new ending needs one file of it in
// place, or its pattern in data.go, before the first run.)
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/recipe"
	"github.com/slidetable/slidetable/source"
)

func main() {
	ctx := context.Background()
	for _, r := range recipe.Of(recipe.BuiltIn...) {
		built, err := source.Build(ctx, board.Goal(r.Size), r.Metric, &source.BuildOptions{Builtin: true})
		if err == nil {
			_, err = built.WriteFile(ctx, r.FileName())
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
