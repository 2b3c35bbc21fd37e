package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/internal/testenv"
	"github.com/slidetable/slidetable/source"
)

// The README's code blocks and the manual's examples are tests, so that
// they cannot drift from the code: every ```go block compiles, and every
// ```console block runs, printing what it shows.

// codeBlock is a fenced block of a Markdown file.
type codeBlock struct {
	lang string
	line int // of the opening fence
	text string
}

// markdownBlocks returns the fenced code blocks of the Markdown file path.
func markdownBlocks(t *testing.T, path string) []codeBlock {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []codeBlock
	var cur *codeBlock
	for i, line := range strings.Split(string(b), "\n") {
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &codeBlock{lang: strings.TrimPrefix(line, "```"), line: i + 1}
		case cur != nil && line == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += line + "\n"
		}
	}
	if cur != nil {
		t.Fatalf("%s:%d: a code block is not closed", path, cur.line)
	}
	return out
}

// TestReadmeGo compiles each ```go block of the README as the body of a
// function of its own package: the block's import declaration first, then
// statements. It must compile as shown, but for variables it declares and
// does not use again (each gets a "_ = v"), as a reader's code would.
func TestReadmeGo(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	overlay := map[string]string{}
	var pkgs []string
	for _, b := range markdownBlocks(t, filepath.Join(root, "README.md")) {
		if b.lang != "go" {
			continue
		}
		src, err := blockPackage(b)
		if err != nil {
			t.Fatalf("README.md:%d: %v", b.line, err)
		}
		name := fmt.Sprintf("readme%d", b.line)
		file := filepath.Join(dir, name+".go")
		if err := os.WriteFile(file, src, 0o644); err != nil {
			t.Fatal(err)
		}
		// A package that exists only in the overlay, inside the module.
		overlay[filepath.Join(root, "internal", "readmeblocks", name, "block.go")] = file
		pkgs = append(pkgs, "./internal/readmeblocks/"+name)
	}
	if len(pkgs) == 0 {
		t.Fatal("no go blocks in README.md")
	}
	o, err := json.Marshal(map[string]any{"Replace": overlay})
	if err != nil {
		t.Fatal(err)
	}
	ofile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ofile, o, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"build", "-overlay", ofile}, pkgs...)...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("README.md's go blocks do not compile (the line numbers are the block's, past the imports, in a function):\n%s", out)
	}
}

// blockPackage returns block b as a Go file of package readme: its import
// declaration, then its statements in a function, each variable they
// declare used once more at its end.
func blockPackage(b codeBlock) ([]byte, error) {
	text := b.text
	var imports string
	if strings.HasPrefix(text, "import (") {
		end := strings.Index(text, "\n)\n")
		if end < 0 {
			return nil, fmt.Errorf("import ( without its )")
		}
		imports, text = text[:end+3], text[end+3:]
	}
	src := "package readme\n\n" + imports + "\nfunc example() {\n" + text + "}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "block.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	body := f.Decls[len(f.Decls)-1].(*ast.FuncDecl).Body
	seen := map[string]bool{}
	var uses []string
	for _, st := range body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE {
			continue
		}
		for _, e := range as.Lhs {
			if id, ok := e.(*ast.Ident); ok && id.Name != "_" && !seen[id.Name] {
				seen[id.Name] = true
				uses = append(uses, "\t_ = "+id.Name+"\n")
			}
		}
	}
	src = strings.TrimSuffix(src, "}\n") + strings.Join(uses, "") + "}\n"
	return format.Source([]byte(src))
}

// TestReadmeConsole runs each ```console block of the README and compares
// what each command prints (standard output and error together) with the
// lines the block shows: "..." stands for any lines, and durations (155ms,
// 1.2s) may differ. Commands run in a new, empty directory, as a reader's
// would, so the files they write (5x2.tbl, 3x3.png) go there.
func TestReadmeConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the README")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	blocks := markdownBlocks(t, filepath.Join(root, "README.md"))
	t.Chdir(t.TempDir())
	c := &console{t: t}
	defer c.close()
	n := 0
	for _, b := range blocks {
		if b.lang == "console" {
			n += c.run(fmt.Sprintf("README.md:%d", b.line), b.text)
		}
	}
	if n < 20 {
		t.Fatalf("ran %d examples of README.md, expected more", n)
	}
}

// TestManualConsole runs the examples of the manual (doc.go) as
// TestReadmeConsole runs the README's.
func TestManualConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the manual")
	}
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case line == "// Examples:":
			in = true
		case in && strings.HasPrefix(line, "//\t"):
			text.WriteString(strings.TrimPrefix(line, "//\t") + "\n")
		case in && text.Len() > 0 && !strings.HasPrefix(line, "//\t"):
			in = false
		}
	}
	t.Chdir(t.TempDir())
	c := &console{t: t}
	defer c.close()
	if n := c.run("doc.go", text.String()); n < 8 {
		t.Fatalf("ran %d examples of the manual, expected more", n)
	}
}

// console runs examples of a console session.
type console struct {
	t      *testing.T
	url    string             // of the serve started for curl, if any
	cancel context.CancelFunc // stops it
	done   chan struct{}
}

// run runs the session text, lines "$ command" each followed by what it
// prints, and returns the number of commands run.
func (c *console) run(where, text string) int {
	t := c.t
	type example struct {
		cmd  string
		want []string
	}
	var exs []example
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			exs = append(exs, example{cmd: cmd})
		} else if len(exs) > 0 {
			exs[len(exs)-1].want = append(exs[len(exs)-1].want, line)
		}
	}
	for _, ex := range exs {
		got, err := c.exec(ex.cmd)
		if err != nil {
			t.Errorf("%s: $ %s: %v", where, ex.cmd, err)
			continue
		}
		if !consoleMatch(ex.want, strings.Split(strings.TrimSuffix(got, "\n"), "\n")) {
			t.Errorf("%s: $ %s\nprints:\n%s\nthe example shows:\n%s", where, ex.cmd, got, strings.Join(ex.want, "\n"))
		}
	}
	return len(exs)
}

// exec runs one command line: slidetable with arguments, fed by another
// slidetable or by printf through a pipe; curl of the server's API; or
// "slidetable serve &", which starts the server curl asks.
func (c *console) exec(line string) (string, error) {
	out, _, err := c.execStatus(line)
	return out, err
}

// execStatus is exec, which also returns the exit status of the last
// command of the line: 0 for curl and serve.
func (c *console) execStatus(line string) (string, int, error) {
	if line == "slidetable serve &" {
		c.serve()
		return "", 0, nil
	}
	var stdin string
	if first, rest, ok := strings.Cut(line, " | "); ok {
		args, err := shellWords(first)
		if err != nil {
			return "", 0, err
		}
		switch args[0] {
		case "printf":
			stdin = printfText(args[1])
		case "slidetable":
			var out bytes.Buffer
			run(context.Background(), args[1:], strings.NewReader(""), &out, io.Discard)
			stdin = out.String()
		default:
			return "", 0, fmt.Errorf("cannot run %q", args[0])
		}
		line = rest
	}
	args, err := shellWords(line)
	if err != nil {
		return "", 0, err
	}
	switch args[0] {
	case "slidetable":
		var out bytes.Buffer // standard output and error, as a terminal shows them
		code := run(context.Background(), args[1:], strings.NewReader(stdin), &out, &out)
		return out.String(), code, nil
	case "curl":
		out, err := c.curl(args[1])
		return out, 0, err
	}
	return "", 0, fmt.Errorf("cannot run %q", args[0])
}

// shellWords splits a command line into words (splitWords), or, for one
// with a command substitution, $(...), as sh does, which runs it.
func shellWords(line string) ([]string, error) {
	if !strings.Contains(line, "$(") {
		return splitWords(line)
	}
	out, err := exec.Command("sh", "-c", `printf '%s\0' `+line).Output()
	if err != nil {
		return nil, fmt.Errorf("sh: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"), nil
}

// serve starts 'slidetable serve' on a free port, once.
func (c *console) serve() {
	if c.url != "" {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	c.cancel, c.done = cancel, make(chan struct{})
	go func() {
		defer close(c.done)
		run(ctx, []string{"serve", "-q", "-addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, w)
		w.Close()
	}()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "slidetable serve: listening on "); ok {
			c.url = strings.TrimSuffix(u, "/")
			break
		}
	}
	go io.Copy(io.Discard, r)
	if c.url == "" {
		c.t.Fatal("serve did not say where it listens")
	}
}

// curl gets url from the server, which it starts if need be.
func (c *console) curl(url string) (string, error) {
	c.serve()
	url = strings.Replace(url, "http://127.0.0.1:8080", c.url, 1)
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// close stops the server, if started.
func (c *console) close() {
	if c.cancel != nil {
		c.cancel()
		<-c.done
	}
}

// durations matches a duration as the commands print them.
var durations = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?(ns|µs|ms|s|m|h)\b`)

// hashes matches a content hash: 64 hexadecimal digits.
var hashes = regexp.MustCompile(`\b[0-9a-f]{64}\b`)

// maskHash returns s with each content hash written "…", as the examples
// and the tests' expected answers show them ("hash":"…").
func maskHash(s string) string { return hashes.ReplaceAllString(s, "…") }

// consoleMatch reports whether got are the lines want shows, where a line
// "..." stands for any number of lines, durations may differ, and a
// content hash is shown as "…" (the files' hashes change with their
// format, and a reader need not read them).
func consoleMatch(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0 || len(got) == 1 && got[0] == ""
	}
	if want[0] == "..." {
		for i := 0; i <= len(got); i++ {
			if consoleMatch(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	line := func(s string) string { return durations.ReplaceAllString(maskHash(s), "D") }
	return len(got) > 0 && line(want[0]) == line(got[0]) && consoleMatch(want[1:], got[1:])
}

// splitWords splits a command line into words as a shell does, for the
// quoting the examples use: '...' and "..." quote, and nothing else is
// special.
func splitWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; ch {
		case ' ':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case '\'', '"':
			end := strings.IndexByte(line[i+1:], ch)
			if end < 0 {
				return nil, fmt.Errorf("unclosed %c", ch)
			}
			cur.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("no command")
	}
	return words, nil
}

// printfText is what printf prints for a format without verbs: its text
// with \n as a newline.
func printfText(format string) string { return strings.ReplaceAll(format, `\n`, "\n") }

// exampleCost says of the examples of the commands' help that take too
// long for every go test which run only in the long checks
// (SLIDETABLE_LONG=1) or the heavy ones (SLIDETABLE_HEAVY=1), with why.
// Every other example runs in every go test but -short.
var exampleCost = map[string]struct {
	heavy bool
	why   string
}{
	"slidetable build -o 4x3.tbl 4x3":                                      {false, "a 12-cell table: seconds of processor time, 60 MB"},
	"slidetable build -metric multi -install 4x3":                          {false, "a 12-cell table: seconds of processor time, 75 MB"},
	"slidetable distance -table 4x3.tbl 4x3 \"0 11 10 9/8 7 6 5/4 3 1 2\"": {false, "needs 4x3.tbl"},
	"slidetable verify -table 4x3.tbl 4x3":                                 {false, "needs 4x3.tbl"},
	"slidetable verify 4x4":                                                {true, "proves the built-in pattern database: 10 s of processor time"},
	"slidetable verify -metric multi 4x4":                                  {true, "proves the built-in tier: 40 s of processor time"},
	"slidetable stats -list 0 -table 4x3.tbl 4x3":                          {false, "needs 4x3.tbl"},
	"slidetable stats 4x3.tbl":                                             {false, "needs 4x3.tbl"},
	"slidetable coverage -n 2000 -seed 1 4x4":                              {true, "solves 2,000 random 4x4 boards"},
	"slidetable coverage -method walk -k 60 -n 2000 -seed 1 4x4":           {true, "solves 2,000 4x4 boards"},
	"slidetable plot -log -o 4x3.svg -table 4x3.tbl 4x3":                   {false, "needs 4x3.tbl"},
	"slidetable serve -addr 127.0.0.1:9000 -table 4x3.tbl":                 {false, "needs 4x3.tbl"},
	"slidetable web -o site":                                               {false, "writes 40 MB"},
	"slidetable info -json 4x3.tbl":                                        {false, "needs 4x3.tbl"},
	"slidetable build -o 4x4.pdb 4x4":                                      {true, "the 7-8 pattern database: four minutes and 1.8 GB"},
	"slidetable build -metric multi 4x4":                                   {true, "the large tier: a minute, 670 MB and a 303 MB file"},
	"slidetable build -install 4x4":                                        {true, "the 7-8 pattern database: four minutes and 1.8 GB"},
	"slidetable verify -table 4x4.pdb 4x4":                                 {true, "needs 4x4.pdb"},
}

// exampleNotRun are the examples of the commands' help that are not
// slidetable's, with why they are not run.
var exampleNotRun = map[string]string{
	"python3 -m http.server -d site 8000": "serves the site until stopped; go test ./server plays the static site served",
}

// exampleExit are the examples of the commands' help whose exit status is
// not 0, as they show, with why.
var exampleExit = map[string]struct {
	code int
	why  string
}{
	"slidetable coverage -method walk -k 20 -n 360000 -seed 1 3x2": {exitFailure, "walks of 20 moves are not uniform on 3x2: the test fails, as it should"},
	"slidetable coverage -method walk -k 60 -n 2000 -seed 1 4x4":   {exitFailure, "walks of 60 moves are not uniform on 4x4: the test fails, as it should"},
}

// helpExamples returns the examples of 'slidetable help' and of the help
// of every command, in that order, each a command line, its comment left
// off.
func helpExamples(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, args := range append([][]string{{"help"}}, func() (a [][]string) {
		for _, c := range commands {
			a = append(a, []string{"help", c.name})
		}
		return a
	}()...) {
		_, help, errOut := slidetable(t, "", args...)
		if help == "" {
			help = errOut
		}
		_, examples, ok := strings.Cut(help, "\nExamples:\n")
		if !ok {
			t.Fatalf("slidetable %s shows no examples", strings.Join(args, " "))
		}
		for _, line := range strings.Split(examples, "\n") {
			if !strings.HasPrefix(line, "  ") {
				break
			}
			line, _, _ = strings.Cut(strings.TrimSpace(line), " #")
			out = append(out, strings.TrimSpace(line))
		}
	}
	return out
}

// TestHelpExamples runs every example of the commands' help as written,
// in the order shown, from a new, empty folder, as a reader would (the
// files an example writes, such as 4x3.tbl, are there for those after
// it): each exits 0, or as exampleExit says. A serve example runs on a free port of the loopback
// address instead of its -addr, until it says where it listens; curl asks
// a serve started so. The examples in exampleCost run only in the long or
// heavy checks, those in exampleNotRun never.
func TestHelpExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the help")
	}
	t.Setenv(source.DirEnv, t.TempDir()) // -install writes there
	t.Chdir(t.TempDir())
	c := &console{t: t}
	defer c.close()
	examples := helpExamples(t)
	seen := map[string]bool{}
	ran := 0
	for _, ex := range examples {
		seen[ex] = true
		if why, ok := exampleNotRun[ex]; ok {
			t.Logf("not run: %s: %s", ex, why)
			continue
		}
		if cost, ok := exampleCost[ex]; ok && cost.heavy && !testenv.IsHeavy() {
			t.Logf("not run without SLIDETABLE_HEAVY=1: %s: %s", ex, cost.why)
			continue
		} else if ok && !testenv.IsLong() && !testenv.IsHeavy() {
			t.Logf("not run without SLIDETABLE_LONG=1: %s: %s", ex, cost.why)
			continue
		}
		ran++
		if strings.HasPrefix(ex, "slidetable serve") {
			runServeExample(t, ex)
			continue
		}
		out, code, err := c.execStatus(ex)
		if want := exampleExit[ex]; err != nil || code != want.code {
			t.Errorf("$ %s: exit %d (%v), want %d:\n%s", ex, code, err, want.code, out)
		}
	}
	for ex := range exampleCost {
		if !seen[ex] {
			t.Errorf("exampleCost lists %q, which is no example", ex)
		}
	}
	for ex := range exampleNotRun {
		if !seen[ex] {
			t.Errorf("exampleNotRun lists %q, which is no example", ex)
		}
	}
	for ex := range exampleExit {
		if !seen[ex] {
			t.Errorf("exampleExit lists %q, which is no example", ex)
		}
	}
	if ran < 35 {
		t.Fatalf("ran %d of the %d examples of the help, expected more", ran, len(examples))
	}
}

// runServeExample runs the serve example line on a free port of the
// loopback address, whatever its -addr, until it says where it listens,
// and stops it: it must exit 0.
func runServeExample(t *testing.T, line string) {
	t.Helper()
	words, err := splitWords(line)
	if err != nil {
		t.Fatal(err)
	}
	var args []string
	for i := 2; i < len(words); i++ {
		if words[i] == "-addr" {
			i++ // startServe gives its own
			continue
		}
		args = append(args, words[i])
	}
	_, stop := startServe(t, append([]string{"-q"}, args...)...)
	if code, stderr := stop(); code != 0 {
		t.Errorf("$ %s: exit %d:\n%s", line, code, stderr)
	}
}
