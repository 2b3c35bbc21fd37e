package slidetable_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestArchitecturePackages checks that docs/architecture.md lists every
// package of the tree, and no other, in its table of packages: a folder
// with Go files that are not tests, whatever their build tags.
func TestArchitecturePackages(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "\n## Packages\n")
	if !ok {
		t.Fatal("docs/architecture.md has no section ## Packages")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	var listed []string
	for _, m := range regexp.MustCompile("(?m)^\\| `([^`]+)` \\|").FindAllStringSubmatch(table, -1) {
		listed = append(listed, m[1])
	}
	var tree []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != "." && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			if dir := filepath.ToSlash(filepath.Dir(path)); dir != "." && !slices.Contains(tree, dir) {
				tree = append(tree, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(tree)
	if len(tree) < 20 {
		t.Fatalf("found only %d packages in the tree: %v", len(tree), tree)
	}
	if !slices.IsSorted(listed) {
		t.Errorf("docs/architecture.md lists the packages out of order: %v", listed)
	}
	for _, p := range tree {
		if !slices.Contains(listed, p) {
			t.Errorf("package %s is not in docs/architecture.md's table of packages", p)
		}
	}
	for _, p := range listed {
		if !slices.Contains(tree, p) {
			t.Errorf("docs/architecture.md lists %s, which is no package of the tree", p)
		}
	}
}

// TestArchitectureLayers checks the rules of docs/architecture.md's
// layers on the imports of every file that is not a test: a front end
// (cmd/slidetable, server, c, js) imports no file kind (table, pdb,
// abstraction) and no search (ida, bfs, levels, coverage); game, the
// questions, imports no file kind.
func TestArchitectureLayers(t *testing.T) {
	const module = "github.com/slidetable/slidetable/"
	kinds := []string{"table", "pdb", "abstraction"}
	searches := []string{"ida", "bfs", "levels", "coverage"}
	rules := map[string][]string{
		"cmd/slidetable": append(kinds, searches...),
		"server":         append(kinds, searches...),
		"c":              append(kinds, searches...),
		"js":             append(kinds, searches...),
		"js/wasm":        append(kinds, searches...),
		"game":           kinds,
		"game/uniform":   kinds,
	}
	for dir, banned := range rules {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			path = filepath.ToSlash(path)
			for _, imp := range f.Imports {
				p := strings.Trim(imp.Path.Value, `"`)
				name, ok := strings.CutPrefix(p, module)
				if !ok || !slices.Contains(banned, name) {
					continue
				}
				t.Errorf("%s imports %s: a front end asks game or the catalogue (source, solver), and game asks the catalogue", path, p)
			}
		}
	}
}
