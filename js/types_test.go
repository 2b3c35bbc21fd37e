package js_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/internal/testenv"
)

// The TypeScript and Node declarations TestTypes compiles with: those
// installed globally by npm (npm install -g typescript@5 @types/node@20, as
// CI does) if both are there, else these, fetched from the npm registry
// into the test's folder.
const (
	typescript = "typescript@5"
	nodeTypes  = "@types/node@20"
)

// pkgJSON is what TestTypes reads of package.json.
type pkgJSON struct {
	Types   string                     `json:"types"`
	Files   []string                   `json:"files"`
	Exports map[string]json.RawMessage `json:"exports"`
}

// TestTypes compiles, with tsc --strict --noEmit and no skipLibCheck,
// programs that import every module the package exports (testdata/types):
// one for a page, with the DOM library, resolved as Node and as a bundler
// resolve the package, and one for Node, with Node's declarations and no
// DOM. The package is installed in the programs' folder as npm installs
// it (package.json and its files), and every module it exports must have
// declarations, which the program for a page imports.
func TestTypes(t *testing.T) {
	testenv.Long(t) // tsc takes its seconds for each of the programs
	node := testenv.Node(t)
	var pkg pkgJSON
	b, err := os.ReadFile("package.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		t.Fatal(err)
	}
	web, err := os.ReadFile(filepath.Join("testdata", "types", "web.ts"))
	if err != nil {
		t.Fatal(err)
	}
	checkExports(t, pkg, string(web))

	app := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(app, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package.json", `{"name":"app","private":true,"type":"module"}`)
	// npm install removes from node_modules what package.json does not
	// name: TypeScript first, then the package.
	tsc, typeRoots := typeScript(t, app)
	if out, err := exec.Command(node, tsc, "--version").Output(); err == nil {
		t.Logf("%s: %s", tsc, strings.TrimSpace(string(out)))
	}
	installed := filepath.Join(app, "node_modules", "slidetable")
	if err := os.MkdirAll(installed, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range append([]string{"package.json"}, pkg.Files...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(installed, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"web.ts", "node.ts"} {
		b, err := os.ReadFile(filepath.Join("testdata", "types", name))
		if err != nil {
			t.Fatal(err)
		}
		write(name, string(b))
	}

	for _, c := range []struct {
		name, file string
		options    map[string]any
	}{
		{"a page (DOM, resolved as Node resolves)", "web.ts", map[string]any{
			"lib": []string{"es2022", "dom"}, "types": []string{}, "module": "nodenext", "moduleResolution": "nodenext"}},
		{"a page (DOM, resolved as a bundler resolves)", "web.ts", map[string]any{
			"lib": []string{"es2022", "dom", "dom.iterable"}, "types": []string{}, "module": "esnext", "moduleResolution": "bundler"}},
		{"Node (@types/node, no DOM)", "node.ts", map[string]any{
			"lib": []string{"es2022"}, "types": []string{"node"}, "module": "nodenext", "moduleResolution": "nodenext"}},
	} {
		c.options["target"] = "es2022"
		if typeRoots != "" {
			c.options["typeRoots"] = []string{typeRoots}
		}
		config, err := json.Marshal(map[string]any{"compilerOptions": c.options, "files": []string{c.file}})
		if err != nil {
			t.Fatal(err)
		}
		write("tsconfig.json", string(config))
		cmd := exec.Command(node, tsc, "--strict", "--noEmit", "--pretty", "false", "-p", "tsconfig.json")
		cmd.Dir = app
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("tsc --strict --noEmit, a program for %s: %v\n%s\ntsconfig.json: %s", c.name, err, out, config)
		}
	}
}

// checkExports requires declarations ("types") for every module the
// package exports (an export of a .js file; the others are files a page
// fetches, such as slidetable.wasm), listed among the files npm packs,
// and an import of each in the program for a page, web.
func checkExports(t *testing.T, pkg pkgJSON, web string) {
	t.Helper()
	if pkg.Types == "" || !slices.Contains(pkg.Files, strings.TrimPrefix(pkg.Types, "./")) {
		t.Errorf("package.json: types %q, not one of the files %v", pkg.Types, pkg.Files)
	}
	for key, raw := range pkg.Exports {
		var target string
		var conds map[string]string
		if json.Unmarshal(raw, &target) != nil {
			if err := json.Unmarshal(raw, &conds); err != nil {
				t.Errorf("package.json: exports[%q] is %s, neither a file nor conditions", key, raw)
				continue
			}
			target = conds["default"]
		}
		if !strings.HasSuffix(target, ".js") {
			continue
		}
		types := conds["types"]
		if types == "" {
			t.Errorf("package.json: exports[%q] (%s) has no types", key, target)
		} else if !slices.Contains(pkg.Files, strings.TrimPrefix(types, "./")) {
			t.Errorf("package.json: exports[%q] has types %s, not one of the files %v", key, types, pkg.Files)
		}
		spec := "slidetable" + strings.TrimPrefix(key, ".")
		if !strings.Contains(web, ` from "`+spec+`";`) {
			t.Errorf("testdata/types/web.ts does not import %q (exports[%q])", spec, key)
		}
	}
}

// typeScript returns the path of TypeScript's tsc (a script for node) and
// the folder of @types/node if it is not in app's node_modules: npm's
// global ones where both are installed there, else ones npm installs into
// app. If npm cannot, it skips the test with a notice (fails it if CI=true
// or SLIDETABLE_NODE=1).
func typeScript(t *testing.T, app string) (tsc, typeRoots string) {
	t.Helper()
	npm, err := exec.LookPath("npm")
	if err != nil {
		testenv.NodeMissing(t, "no npm to fetch TypeScript for the declarations' test: install npm (apt-get install -y npm)")
	}
	env := append(os.Environ(), "npm_config_update_notifier=false", "npm_config_audit=false", "npm_config_fund=false")
	root := exec.Command(npm, "root", "-g")
	root.Env = env
	if out, err := root.Output(); err == nil {
		dir := strings.TrimSpace(string(out))
		tsc := filepath.Join(dir, "typescript", "bin", "tsc")
		_, err1 := os.Stat(tsc)
		_, err2 := os.Stat(filepath.Join(dir, "@types", "node", "package.json"))
		if err1 == nil && err2 == nil {
			return tsc, filepath.Join(dir, "@types")
		}
	}
	install := exec.Command(npm, "install", "--no-save", "--ignore-scripts", "--prefer-offline", "--fetch-retries=1", typescript, nodeTypes)
	install.Dir, install.Env = app, env
	if out, err := install.CombinedOutput(); err != nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		testenv.NodeMissing(t, "no TypeScript for the declarations' test: npm install "+typescript+" "+nodeTypes+" failed ("+err.Error()+": "+lines[len(lines)-1]+"); or install both globally with npm install -g")
	}
	return filepath.Join(app, "node_modules", "typescript", "bin", "tsc"), ""
}
