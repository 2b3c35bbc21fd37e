package failure_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/failure"
)

func TestKindOf(t *testing.T) {
	errInput := failure.New(failure.Input, "x: bad input")
	errFile := failure.New(failure.File, "x: bad file")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		err  error
		want failure.Kind
	}{
		{errInput, failure.Input},
		{fmt.Errorf("board 3: %w", errInput), failure.Input},
		{fmt.Errorf("open: %w", errFile), failure.File},
		{fmt.Errorf("%w (while %w)", context.DeadlineExceeded, errFile), failure.Time},
		{ctx.Err(), failure.Cancelled},
		{context.Cause(ctx), failure.Cancelled},
		{&fs.PathError{Op: "open", Path: "/x", Err: fs.ErrNotExist}, failure.File},
		{fmt.Errorf("header: %w", io.ErrUnexpectedEOF), failure.File},
		{errors.New("something else"), failure.Internal},
		{failure.New(failure.NotFound, "no level"), failure.NotFound},
		{errors.Join(errors.New("a"), failure.New(failure.Memory, "m")), failure.Memory},
	} {
		if got := failure.KindOf(tc.err); got != tc.want {
			t.Errorf("KindOf(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
	if a, b := failure.New(failure.Input, "same"), failure.New(failure.Input, "same"); errors.Is(a, b) {
		t.Error("two sentinels with one message match each other")
	}
}

// TestCodes checks the table of codes: every kind has codes of its own in
// every front end but the exit status, and only bad input exits 2.
func TestCodes(t *testing.T) {
	seen := map[string]failure.Kind{}
	for _, k := range failure.Kinds() {
		c := k.Codes()
		if want := map[bool]int{true: 2, false: 1}[k == failure.Input]; c.Exit != want {
			t.Errorf("%v: exit status %d, want %d", k, c.Exit, want)
		}
		if c.HTTP < 400 || c.HTTP > 599 || c.C <= 0 || c.Python == "" || c.JS == "" {
			t.Errorf("%v: codes %+v incomplete", k, c)
		}
		for _, key := range []string{fmt.Sprint("C", c.C), "Python " + c.Python, "JS " + c.JS} {
			if other, ok := seen[key]; ok {
				t.Errorf("%v and %v share the code %s", other, k, key)
			}
			seen[key] = k
		}
	}
}

// TestEverySentinelHasAKind reads every package of the module and fails
// for an exported error variable (Err...) that is not made by failure.New
// or is not another package's sentinel under a second name: a sentinel
// without a kind, which every front end would answer as a bug.
func TestEverySentinelHasAKind(t *testing.T) {
	root := filepath.Join("..")
	fset := token.NewFileSet()
	var checked int
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if !strings.HasPrefix(name.Name, "Err") || i >= len(vs.Values) {
						continue
					}
					checked++
					if !kinded(vs.Values[i]) {
						t.Errorf("%s: %s is not made by failure.New (nor another sentinel under a second name): give it a kind", fset.Position(name.Pos()), name.Name)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 40 {
		t.Fatalf("only %d sentinels found: is the module's root %s?", checked, root)
	}
}

// kinded reports whether e, the value of a sentinel, has a kind: a call
// failure.New(failure.K, ...) or another sentinel (pkg.ErrX).
func kinded(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "New" || len(e.Args) != 2 {
			return false
		}
		pkg, ok := sel.X.(*ast.Ident)
		return ok && pkg.Name == "failure"
	case *ast.SelectorExpr:
		return strings.HasPrefix(e.Sel.Name, "Err")
	case *ast.Ident:
		return strings.HasPrefix(e.Name, "Err")
	}
	return false
}
