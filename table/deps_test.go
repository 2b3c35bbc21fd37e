package table_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/slidetable/slidetable/"

// imports returns the packages of this module that the non-test files of
// the package in dir import.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src[:min(len(src), 200)]), "//go:build ignore") {
			continue
		}
		for _, im := range af.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if rest, ok := strings.CutPrefix(p, module); ok {
				out = append(out, rest)
			}
		}
	}
	return out
}

// TestImports requires table, and what it imports, to use no package of
// this module but board, rank, bfs, failure and internal ones: game code
// that only looks distances up links no pattern databases, searches or
// charts.
func TestImports(t *testing.T) {
	t.Parallel()
	allowed := map[string]bool{"table": true, "board": true, "rank": true, "bfs": true, "failure": true}
	seen := map[string]bool{}
	var visit func(pkg string, path []string)
	visit = func(pkg string, path []string) {
		if !allowed[pkg] && !strings.HasPrefix(pkg, "internal/") {
			t.Errorf("table depends on %s: %s", pkg, strings.Join(append(path, pkg), " -> "))
			return
		}
		if seen[pkg] {
			return
		}
		seen[pkg] = true
		for _, im := range imports(t, filepath.Join("..", pkg)) {
			visit(im, append(path, pkg))
		}
	}
	visit("table", nil)
	if !seen["bfs"] || !seen["rank"] {
		t.Fatalf("walked %v, which misses table's own imports", seen)
	}
}
