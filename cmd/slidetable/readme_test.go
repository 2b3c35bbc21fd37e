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
// 1.2s) may differ. Commands run in a new directory, so the files they
// write (5x2.tbl, docs/3x3.png) go there.
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
	if err := os.Mkdir("docs", 0o755); err != nil {
		t.Fatal(err)
	}
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
	if line == "slidetable serve &" {
		c.serve()
		return "", nil
	}
	var stdin string
	if first, rest, ok := strings.Cut(line, " | "); ok {
		args, err := splitWords(first)
		if err != nil {
			return "", err
		}
		switch args[0] {
		case "printf":
			stdin = printfText(args[1])
		case "slidetable":
			var out bytes.Buffer
			run(context.Background(), args[1:], strings.NewReader(""), &out, io.Discard)
			stdin = out.String()
		default:
			return "", fmt.Errorf("cannot run %q", args[0])
		}
		line = rest
	}
	args, err := splitWords(line)
	if err != nil {
		return "", err
	}
	switch args[0] {
	case "slidetable":
		var out bytes.Buffer // standard output and error, as a terminal shows them
		run(context.Background(), args[1:], strings.NewReader(stdin), &out, &out)
		return out.String(), nil
	case "curl":
		return c.curl(args[1])
	}
	return "", fmt.Errorf("cannot run %q", args[0])
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
