package slidetable_test

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/slidetable/slidetable/internal/testenv"
)

// The shell blocks of the READMEs are tests too: each command a newcomer
// is told to type runs as written, from where the README says, in a copy
// of the repository made for the test, which git then finds clean (what
// the commands leave there is ignored). A command that no test can run as
// written is in notRun, with why; any other command of a shell block that
// no runner knows fails the test, so that no README gains one untried.

// notRun are the commands of the READMEs' shell blocks that
// TestReadmeShell does not run, each with why, by the command as written
// (its comment left off).
var notRun = map[string]string{
	"go test ./...":     "the tests themselves",
	"cd js && npm test": "the JavaScript package's tests, which go test ./js runs (TestNode) with the Go answers to compare",
	"go test ./js":      "a test command, run with the others",
	"go generate ./js":  "rewrites the committed slidetable.wasm; SLIDETABLE_LONG=1 go test ./js checks that it is up to date",

	"slidetable build -o 4x4.pdb 4x4":                                              needs4x4,
	"slidetable gen -n 100 -seed 7 4x4 | slidetable distance -table 4x4.pdb 4x4 -": needs4x4,
	"slidetable build -install 4x4":                                                needs4x4,
	"slidetable levels -table 4x4.pdb -min 50 -max 55 -n 100 -seed 1 4x4":          needs4x4,
	"slidetable coverage -table 4x4.pdb -n 2000 -seed 1 4x4":                       needs4x4,
	"SLIDETABLE_PDB=$PWD/4x4.pdb go test ./solver -run '^$' -bench Korf100":        needs4x4,
	"go run ./cmd/slidetable serve":                                                "serves on port 8080 until stopped; go test ./cmd/slidetable runs serve (TestServe...) and go test ./server plays its page",
	"python3 -m http.server -d site 8000":                                          "serves on port 8000 until stopped; go test ./server plays the static site served",
}

const needs4x4 = "needs the 7-8 pattern database, four minutes and 1.8 GB to build; SLIDETABLE_HEAVY=1 go test ./source -run TestKnownRecipes builds and checks it"

// runners run the READMEs' shell blocks, each by its first two commands
// that are run, joined by a newline, or else by the first (a block's
// commands in notRun left out). A runner checks what the block says the
// commands print or make.
var runners = map[string]func(t *testing.T, c *clone, b shellBlock){
	`go run ./cmd/slidetable distance 3x3 "8 6 7/2 5 4/3 0 1"`:                                                   runQuickStart,
	"go build -buildmode=c-shared -o ../mygame/libslidetable.so ./c":                                             runC,
	"go build -buildmode=c-shared -o libslidetable.so ./c\nmcs -out:puzzle.exe puzzle.cs csharp/Slidetable/*.cs": runCSharp,
	"python3 -m venv --system-site-packages .venv && . .venv/bin/activate":                                       runPython,
	"cd js && npm pack":      runPack,
	"slidetable web -o site": runWeb,
}

// TestReadmeShell runs the shell blocks of every README.md of the
// repository (the commands of a block once) in a copy of it,
// and then checks that git sees no file there that the commands made and
// .gitignore does not cover, and none they changed.
func TestReadmeShell(t *testing.T) {
	// A minute or more: the library, the C and C# examples and the npm
	// package are built in a fresh copy, so CI runs it, not every go test.
	testenv.Long(t)
	if runtime.GOOS == "windows" {
		t.Skip("the READMEs' shell blocks are for a Unix shell")
	}
	var blocks []shellBlock
	for _, path := range readmes(t) {
		blocks = append(blocks, shellBlocks(t, path)...)
	}
	if len(blocks) < 8 {
		t.Fatalf("found %d shell blocks in the READMEs, expected more", len(blocks))
	}
	c := newClone(t)
	seen := map[string]string{}
	for _, b := range blocks {
		var cmds []string
		for _, line := range b.lines {
			cmds = append(cmds, command(line))
		}
		key := strings.Join(cmds, "\n")
		if first, ok := seen[key]; ok {
			t.Logf("%s: the commands of %s, run there", b.where, first)
			continue
		}
		seen[key] = b.where
		t.Run(b.where, func(t *testing.T) { runBlock(t, c, b) })
	}
	c.checkClean(t)
	c.checkModule(t)
}

// runBlock runs block b by its runner, after leaving out the commands in
// notRun.
func runBlock(t *testing.T, c *clone, b shellBlock) {
	var run []string
	for _, line := range b.lines {
		if why, ok := notRun[command(line)]; ok {
			t.Logf("not run: %s: %s", command(line), why)
			continue
		}
		run = append(run, line)
	}
	if len(run) == 0 {
		return
	}
	runner, ok := runners[command(run[0])]
	if len(run) > 1 {
		if r, two := runners[command(run[0])+"\n"+command(run[1])]; two {
			runner, ok = r, true
		}
	}
	if !ok {
		t.Fatalf("no test runs %q: run the block in TestReadmeShell (a runner), or say in notRun why not", command(run[0]))
	}
	b.lines = run
	runner(t, c, b)
}

// runQuickStart runs the Quick start, the command run by go run and then
// installed, into a folder of the test's (GOBIN), for runWeb.
func runQuickStart(t *testing.T, c *clone, b shellBlock) {
	c.want(t, b, `go run ./cmd/slidetable distance 3x3 "8 6 7/2 5 4/3 0 1"`, "go install ./cmd/slidetable")
	if out := c.sh(t, c.root, b.script()); out != "31\n" {
		t.Errorf("the Quick start prints %q, want 31 as its comment says", out)
	}
	if _, err := os.Stat(filepath.Join(c.bin, "slidetable")); err != nil {
		t.Fatalf("go install ./cmd/slidetable installed no slidetable: %v", err)
	}
	c.installed = true
}

// runC builds the library and the README's C example, saved as the
// README says, and compares what the program prints with its Output:
// comment.
func runC(t *testing.T, c *clone, b shellBlock) {
	testenv.CC(t)
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no cc, which the README's C build calls")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the README's C build is for Linux (libslidetable.so, an rpath of $ORIGIN)")
	}
	c.want(t, b, "go build -buildmode=c-shared -o ../mygame/libslidetable.so ./c",
		"cc -I c -o ../mygame/mygame ../mygame/mygame.c -L ../mygame -lslidetable -Wl,-rpath,'$ORIGIN'", "../mygame/mygame")
	src, want, ok := strings.Cut(b.next("c"), "\n/* Output:\n")
	if !ok {
		t.Fatalf("%s: the ```c block after it ends in no /* Output: comment", b.where)
	}
	// The game's folder, beside the clone, as the README says.
	game := filepath.Join(filepath.Dir(c.root), "mygame")
	if err := os.MkdirAll(game, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(game, "mygame.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := c.sh(t, c.root, b.script()); out != strings.TrimSuffix(want, "*/\n") {
		t.Errorf("../mygame/mygame prints\n%s\nits Output: comment shows\n%s", out, want)
	}
}

// runCSharp builds the library and the README's C# example, saved as the
// README says, with Mono, and compares what the program prints with its
// Output: comment.
func runCSharp(t *testing.T, c *clone, b shellBlock) {
	testenv.CSharp(t)
	if runtime.GOOS != "linux" {
		t.Skip("the README's C# build is for Linux (libslidetable.so beside puzzle.exe)")
	}
	c.want(t, b, "go build -buildmode=c-shared -o libslidetable.so ./c",
		"mcs -out:puzzle.exe puzzle.cs csharp/Slidetable/*.cs", "mono puzzle.exe")
	src, want, ok := strings.Cut(b.next("csharp"), "\n/* Output:\n")
	if !ok {
		t.Fatalf("%s: the ```csharp block after it ends in no /* Output: comment", b.where)
	}
	c.write(t, "puzzle.cs", src)
	if out := c.sh(t, c.root, b.script()); out != strings.TrimSuffix(want, "*/\n") {
		t.Errorf("mono puzzle.exe prints\n%s\nits Output: comment shows\n%s", out, want)
	}
}

// runPython makes the virtual environment and installs the package as
// the README says, offline (nothing may come from the package index), and
// runs the README's Python example there (python3 -m doctest, from
// another folder).
func runPython(t *testing.T, c *clone, b shellBlock) {
	testenv.Python(t)
	testenv.CC(t)
	if err := exec.Command("python3", "-c", "import venv, ensurepip").Run(); err != nil {
		msg := "python3 cannot make virtual environments: install them (apt-get install -y python3-venv)"
		if os.Getenv("CI") == "true" || os.Getenv("SLIDETABLE_PYTHON") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	c.want(t, b, "python3 -m venv --system-site-packages .venv && . .venv/bin/activate", "pip install --no-build-isolation ./python")
	example := b.next("python")
	if !strings.Contains(example, ">>> ") {
		t.Fatalf("%s: the ```python block after it is no doctest session (>>> lines)", b.where)
	}
	// The README's example, and python/README's, from a folder of the
	// user's where 'slidetable build 5x2' wrote the file it opens.
	examples := []string{example}
	for _, rest := range strings.Split(readFile(t, filepath.Join("python", "README.md")), "\n```python\n")[1:] {
		block, _, _ := strings.Cut(rest, "\n```\n")
		examples = append(examples, block+"\n")
	}
	elsewhere := t.TempDir()
	script := b.script() + fmt.Sprintf("cd %s\n", elsewhere)
	if c.installed {
		script += "slidetable build 5x2\n"
	} else {
		examples = examples[:1]
		t.Log("python/README's example is not run: it needs the slidetable that the Quick start installs")
	}
	for i, text := range examples {
		doctest := filepath.Join(t.TempDir(), fmt.Sprintf("readme%d.txt", i))
		if err := os.WriteFile(doctest, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		script += "python -m doctest " + doctest + "\n"
	}
	script += "python -c 'import slidetable; print(slidetable.__file__)'\n"
	out := c.sh(t, c.root, script, "PIP_NO_INDEX=1", "PIP_DISABLE_PIP_VERSION_CHECK=1")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, filepath.Join(c.root, ".venv")+string(filepath.Separator)) {
		t.Errorf("the package imported from %s, not from the virtual environment; the commands printed\n%s", last, out)
	}
	if !strings.Contains(out, "Successfully installed slidetable") || strings.Contains(out, "Failed example") {
		t.Errorf("the install and the README's Python example printed\n%s", out)
	}
}

// runPack packs the npm package as the README says, then installs the
// file it wrote into a new project, offline, and imports it.
func runPack(t *testing.T, c *clone, b shellBlock) {
	node := testenv.Node(t)
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("no npm to pack the package")
	}
	c.want(t, b, "cd js && npm pack")
	c.sh(t, c.root, b.script())
	tgz := filepath.Join(c.root, "js", "slidetable-0.1.0.tgz")
	if _, err := os.Stat(tgz); err != nil {
		t.Fatalf("npm pack wrote no js/slidetable-0.1.0.tgz, which the READMEs name: %v", err)
	}
	app := t.TempDir()
	if err := os.WriteFile(filepath.Join(app, "package.json"), []byte(`{"name":"app","private":true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, "app.mjs"), []byte(`import { load } from "slidetable";
const st = await load();
console.log(await st.distance("3x3", "8 6 7/2 5 4/3 0 1"));
st.close();
`), 0o644); err != nil {
		t.Fatal(err)
	}
	c.sh(t, app, "npm install --offline "+tgz)
	if out := c.sh(t, app, node+" app.mjs"); out != "31\n" {
		t.Errorf("the installed package answers %q, want 31", out)
	}
}

// runWeb writes the static site with the slidetable the Quick start
// installed, in a folder of its own, as its comment says.
func runWeb(t *testing.T, c *clone, b shellBlock) {
	testenv.Long(t)
	if !c.installed {
		t.Skip("needs the slidetable that the Quick start installs")
	}
	c.want(t, b, "slidetable web -o site")
	dir := t.TempDir()
	out := c.sh(t, dir, b.script())
	_, said, _ := strings.Cut(b.lines[0], "# ")
	files := regexp.MustCompile(`^wrote site: [0-9]+ files`)
	if w, g := files.FindString(said), files.FindString(out); w == "" || w != g {
		t.Errorf("slidetable web -o site prints %q; its comment says %q", out, said)
	}
	if _, err := os.Stat(filepath.Join(dir, "site", "index.html")); err != nil {
		t.Error(err)
	}
}

// shellBlock is a ```sh block of a README.
type shellBlock struct {
	where string   // README.md:38, the file and the line of the opening fence
	text  string   // the block as written
	lines []string // its lines that hold a command, comments included
	after string   // the rest of its file
}

// script returns the block's lines as a script of sh -e.
func (b shellBlock) script() string { return strings.Join(b.lines, "\n") + "\n" }

// next returns the first ```lang block after b in its file.
func (b shellBlock) next(lang string) string {
	_, rest, ok := strings.Cut(b.after, "\n```"+lang+"\n")
	block, _, closed := strings.Cut(rest, "\n```\n")
	if !ok || !closed {
		return ""
	}
	return block + "\n"
}

// readmes returns the README.md files of the repository, by their paths
// from its root, the root's first.
func readmes(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "README.md" {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 || out[0] != "README.md" {
		t.Fatalf("READMEs %v, without the root's", out)
	}
	return out
}

// shellBlocks returns the ```sh blocks of the Markdown file path.
func shellBlocks(t *testing.T, path string) []shellBlock {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []shellBlock
	lines := strings.SplitAfter(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimRight(lines[i], "\n") != "```sh" {
			continue
		}
		b := shellBlock{where: fmt.Sprintf("%s:%d", filepath.ToSlash(path), i+1)}
		for i++; i < len(lines) && strings.TrimRight(lines[i], "\n") != "```"; i++ {
			b.text += lines[i]
			if line := strings.TrimRight(lines[i], "\n"); command(line) != "" {
				b.lines = append(b.lines, line)
			}
		}
		if i == len(lines) {
			t.Fatalf("%s: the block is not closed", b.where)
		}
		b.after = strings.Join(lines[i:], "")
		out = append(out, b)
	}
	return out
}

// comment matches a shell comment that ends a line.
var comment = regexp.MustCompile(`(^|\s+)#\s.*$`)

// command returns a line of a shell block without its comment or the
// spaces around it.
func command(line string) string { return strings.TrimSpace(comment.ReplaceAllString(line, "")) }

// clone is a copy of the repository made for the test: its files, tracked
// and not ignored, as they are in the work tree, committed to a new git
// repository.
type clone struct {
	root      string
	bin       string   // GOBIN: where go install puts the command
	env       []string // of every command run
	wrote     []string // files written into it as a reader would (mygame.c), by their paths from root
	installed bool     // the Quick start installed slidetable into bin
}

// newClone copies the repository; it skips the test without git or
// outside a git work tree, which tell which files are the repository's.
func newClone(t *testing.T) *clone {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git, which says which files are the repository's")
	}
	list, err := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("not a git work tree (git ls-files: %v): the READMEs' commands are run in a copy of one", err)
	}
	// The clone is a folder of its own in one of the test's, where the
	// READMEs' commands may make folders beside it (../mygame).
	c := &clone{root: filepath.Join(t.TempDir(), "slidetable"), bin: t.TempDir()}
	if err := os.Mkdir(c.root, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(list), "\x00"), "\x00") {
		if err := copyFile(filepath.FromSlash(name), filepath.Join(c.root, filepath.FromSlash(name))); err != nil {
			t.Fatal(err)
		}
	}
	home := t.TempDir()
	c.env = append(os.Environ(),
		"GOBIN="+c.bin, "PATH="+c.bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"SLIDETABLE_CACHE="+t.TempDir(),
		"GIT_CONFIG_GLOBAL="+filepath.Join(home, "gitconfig"), "GIT_CONFIG_NOSYSTEM=1",
		"npm_config_cache="+filepath.Join(home, "npm"), "npm_config_update_notifier=false",
		"npm_config_audit=false", "npm_config_fund=false",
		"PIP_CACHE_DIR="+filepath.Join(home, "pip"))
	// A commit, as a clone has, so that go build stamps its version as there.
	c.sh(t, c.root, "git init -q && git add -A && git -c user.name=test -c user.email=test@example.com -c commit.gpgsign=false commit -q -m copy")
	return c
}

// copyFile copies the regular file or symbolic link src to dst, making
// dst's folder; a file listed but deleted from the work tree is left out.
func copyFile(src, dst string) error {
	fi, err := os.Lstat(src)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		to, err := os.Readlink(src)
		if err != nil {
			return err
		}
		return os.Symlink(to, dst)
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// sh runs script with sh -e in dir and returns its standard output; it
// fails the test, with all the script printed, if the script fails.
func (c *clone) sh(t *testing.T, dir, script string, env ...string) string {
	t.Helper()
	cmd := exec.Command("sh", "-e", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(slices.Clip(c.env), env...)
	var stdout, all bytes.Buffer
	cmd.Stdout = io.MultiWriter(&stdout, &all)
	cmd.Stderr = &all
	if err := cmd.Run(); err != nil {
		t.Fatalf("in %s:\n%s%v:\n%s", dir, script, err, all.String())
	}
	return stdout.String()
}

// write writes a file into the clone as a reader would (the C example);
// it does not count as left by the commands.
func (c *clone) write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(c.root, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c.wrote = append(c.wrote, name)
}

// want fails the test unless block b holds exactly the commands cmds: a
// runner checks what it knows the commands do.
func (c *clone) want(t *testing.T, b shellBlock, cmds ...string) {
	t.Helper()
	var got []string
	for _, line := range b.lines {
		got = append(got, command(line))
	}
	if !slices.Equal(got, cmds) {
		t.Fatalf("the block's commands are\n%s\nthe test knows\n%s\nchange the test with the README", strings.Join(got, "\n"), strings.Join(cmds, "\n"))
	}
}

// checkModule fails the test if the Go module no longer loads after the
// READMEs' commands, as when a C file is left beside its Go files ("C
// source files not allowed when not using cgo or SWIG", which go test
// ./... then says for the package).
func (c *clone) checkModule(t *testing.T) {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-f", "{{if .Error}}{{.ImportPath}}: {{.Error}}{{end}}", "./...")
	cmd.Dir = c.root
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "" {
		t.Errorf("after the READMEs' commands, go list ./... in the clone: %v\n%s", err, out)
	}
}

// checkClean fails the test if git sees files in the clone that are not
// ignored, or files changed, beside those written as a reader would.
func (c *clone) checkClean(t *testing.T) {
	t.Helper()
	out := c.sh(t, c.root, "git status --porcelain --untracked-files=all")
	var left []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line != "" && !slices.Contains(c.wrote, strings.TrimSpace(line[2:])) {
			left = append(left, line)
		}
	}
	if len(left) > 0 {
		t.Errorf("the READMEs' commands leave files that .gitignore does not cover, or change files of the repository (git status):\n%s", strings.Join(left, "\n"))
	}
}

// readFile returns the text of the file at path.
func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
