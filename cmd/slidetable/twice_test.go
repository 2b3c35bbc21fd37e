package main

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// twiceValues are values each flag that checks its value as it is given
// takes, for TestFlagTwice; the other flags take any text.
var twiceValues = map[string]string{
	"alpha": "0.01", "dpi": "100", "height": "3", "k": "5", "list": "3", "max": "2",
	"max-conns": "10", "max-level": "10", "max-mem": "1G", "min": "1", "n": "2",
	"searches": "1", "seed": "1", "timeout": "1s", "width": "4", "workers": "1",
}

// repeatable lists the flags that may be given more than once, by command.
var repeatable = map[string][]string{"serve": {"table", "cors"}}

// TestFlagTwice gives every flag of every command twice, each time with a
// value it takes: the call is refused with exit 2 and a message naming
// the flag, before anything is done, where the last value was kept in
// silence; only the flags meant to repeat are exempt (TestFlagRepeats).
// The flags are read from each command's manual, so that a new flag is
// tested too.
func TestFlagTwice(t *testing.T) {
	t.Parallel()
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)( \S+)?`)
	tested := 0
	for _, c := range commands {
		code, help, _ := slidetable(t, "", "help", c.name)
		if code != 0 {
			t.Fatalf("help %s: exit %d", c.name, code)
		}
		for _, m := range flagLine.FindAllStringSubmatch(help, -1) {
			name, takesValue := m[1], m[2] != ""
			if slices.Contains(repeatable[c.name], name) {
				continue
			}
			once := []string{"-" + name}
			if takesValue {
				once = append(once, cmp.Or(twiceValues[name], "x"))
			}
			args := append(append([]string{c.name}, once...), once...)
			code, out, errOut := slidetable(t, "", args...)
			want := "slidetable " + c.name + ": -" + name + " given more than once"
			if code != exitUsage || out != "" || !strings.Contains(errOut, want) {
				t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q (a value that flag takes in twiceValues?)",
					strings.Join(args, " "), code, out, errOut, want)
			}
			tested++
		}
	}
	if tested < 80 {
		t.Fatalf("only %d flags tested: are the manuals' flags still read?", tested)
	}
}

// TestFlagRepeats checks that the flags meant to be given more than once
// still are, keeping every value in order, while a flag beside them given
// twice is refused.
func TestFlagRepeats(t *testing.T) {
	t.Parallel()
	e := &env{stdout: &strings.Builder{}, stderr: &strings.Builder{}}
	_, cfg, err := serveFlags(e, []string{"-table", "a.tbl", "-cors", "https://a.example", "-table", "b.pdb", "-cors", "https://b.example", "-table", "c.abs"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a.tbl", "b.pdb", "c.abs"}; !slices.Equal(cfg.files, want) {
		t.Errorf("-table: %q, want %q", cfg.files, want)
	}
	if want := []string{"https://a.example", "https://b.example"}; !slices.Equal(cfg.cors, want) {
		t.Errorf("-cors: %q, want %q", cfg.cors, want)
	}
	_, _, err = serveFlags(e, []string{"-table", "a.tbl", "-addr", ":1", "-table", "b.tbl", "-addr", ":2"})
	if err == nil || !strings.Contains(err.Error(), "-addr given more than once") {
		t.Errorf("-addr twice: %v", err)
	}
}
