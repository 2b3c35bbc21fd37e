package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/slidetable/slidetable/internal/testenv"
)

// Hostile flag values: too large for the type or for memory, negative, not
// numbers, not finite.
var (
	hostileInts = []string{"-1", "-9223372036854775808", "9223372036854775807",
		"99999999999999999999", "1e9", "NaN", "Inf", ""}
	hostileFloats = []string{"NaN", "Inf", "-Inf", "-1", "0", "1e308", "-1e308", "x"}
	hostileSeeds  = []string{"-1", "NaN", "18446744073709551616", "1.5", ""}
	longInput     = strings.Repeat("9", 100_000)
)

// hostileCase is one command line that must be refused as a usage error.
type hostileCase struct {
	name string
	args []string
}

// hostileCases returns, for every command, command lines that put one
// hostile value into one flag or argument of an otherwise valid call. dir
// holds the special files: a FIFO, a device node (if one could be made)
// and a directory.
func hostileCases(fifo, dev, dir string) []hostileCase {
	board3 := "8 6 7/2 5 4/3 0 1"
	// Each command with valid arguments, and its flags with the values that
	// must be refused.
	type flagValues struct {
		flag   string
		values []string
	}
	specialIn := []string{os.DevNull, fifo, dir}
	// Not the real /dev/null as output: a regression would replace it.
	specialOut := []string{fifo, dir}
	if dev != "" {
		specialOut = append(specialOut, dev)
	}
	commands := []struct {
		name  string
		valid []string // flags and arguments of a valid call
		flags []flagValues
		args  [][]string // whole argument lists to refuse, after the name
	}{
		{"build", []string{"-q", "-o", filepath.Join(dir, "ok.tbl"), "2x2"}, []flagValues{
			{"workers", []string{"-5", "-1", "257", "9223372036854775807", "99999999999999999999", "NaN"}},
			{"max-mem", []string{"0", "0.5", "0.0000001", "NaN", "Inf", "-Inf", "1e30T", "-1G", "1K", "x", longInput}},
			{"o", specialOut},
			{"goal", []string{"1 2 3", longInput, "0 0 1 2"}},
		}, [][]string{{"-q", "-max-mem", "1M", "-o", filepath.Join(dir, "ok.pdb"), "4x4"}, {"-q", "-max-mem", "1M", "5x5"}, {"0x0"}, {longInput + "x3"}}},
		{"coverage", []string{"-seed", "1", "2x2"}, []flagValues{
			{"n", []string{"-1", "-9223372036854775808", "9223372036854775807", "99999999999999999999", "NaN"}},
			{"k", hostileInts},
			{"alpha", []string{"NaN", "Inf", "-Inf", "-1", "0", "1", "2", "x"}},
			{"seed", hostileSeeds},
			{"method", []string{"", "walkk", longInput}},
		}, [][]string{{"5x5"}, {"30x2"}, {"16x16"}, {"-n", "1000001", "4x4"}, {"-table", "/dev/null", "4x4"}, {"-goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "4x4"}}},
		{"distance", []string{"3x3", board3}, []flagValues{
			{"table", specialIn},
		}, [][]string{{"3x3", longInput}, {"3x3", "1 2 3 4 5 6 7 8 " + longInput}, {"17x16", "1"}, {"3x3"},
			{"-scramble", "U", "3x3"}, {"-scramble", longInput, "3x3"}, {"-scramble", "", "3x3", board3},
			{"-goal", "0 1 2/3 4 5/6 7 8", "-scramble", "R", "3x3"}}},
		{"gen", []string{"-seed", "1", "3x3"}, []flagValues{
			{"n", hostileInts},
			{"k", hostileInts},
			{"seed", hostileSeeds},
			{"method", []string{"", "walkk", longInput}},
		}, [][]string{{"-method", "walk", "-k", "9223372036854775807", "3x3"}, {"17x16"}, {"1x9"}}},
		{"hint", []string{"3x3", board3}, []flagValues{
			{"table", specialIn},
		}, [][]string{{"3x3", longInput}, {"3x3", "0 0 1 2 3 4 5 6 7"}}},
		{"levels", []string{"-seed", "1", "-n", "2", "3x3"}, []flagValues{
			{"n", hostileInts},
			{"min", []string{"-1", "-9223372036854775808", "9223372036854775807", "99999999999999999999", "32", "NaN"}},
			{"max", []string{"-2", "-9223372036854775808", "99999999999999999999", "NaN"}},
			{"seed", hostileSeeds},
			{"mode", []string{"", "walkk", longInput}},
			{"table", specialIn},
		}, [][]string{
			{"-min", "81", "-max", "90", "-n", "1", "4x4"},
			{"-mode", "walk", "-min", "32", "-max", "9223372036854775807", "3x3"},
			{"-mode", "walk", "-min", "0", "-max", "0", "-n", "10000000", "3x3"},
			{"-mode", "walk", "-min", "0", "-max", "0", "-n", "9223372036854775807", "3x3"},
			{"-mode", "walk", "-max", "9223372036854775807", "-min", "9223372036854775807", "4x4"},
			// Packs at distances neither uniform draws nor walks reach.
			{"-pack", "-metric", "multi", "-min", "39", "-max", "39", "-n", "1", "4x4"},
			{"-pack", "-mode", "filter", "-min", "79", "-max", "79", "4x4"},
			{"-pack", "-min", "60", "-max", "79", "4x4"},
		}},
		{"plot", []string{"-o", filepath.Join(dir, "ok.svg"), "2x2"}, []flagValues{
			{"width", hostileFloats},
			{"height", hostileFloats},
			{"dpi", hostileInts},
			{"o", append(specialOut, filepath.Join(dir, "x.bmp"), filepath.Join(dir, "noext"))},
		}, [][]string{
			{"-width", "100", "-height", "100", "-dpi", "1200", "-o", filepath.Join(dir, "big.png"), "3x3"},
			{os.DevNull}, {fifo}, {dir}, {"5x5"}, {longInput},
		}},
		{"solvable", []string{"3x3", board3}, []flagValues{
			{"goal", []string{"1 2 3", longInput, "0 0 1 2 3 4 5 6 7"}},
		}, [][]string{{"3x3", longInput}, {"300x300", "1"}}},
		{"solve", []string{"3x3", board3}, []flagValues{
			{"table", specialIn},
		}, [][]string{{"3x3", longInput}, {"3x3", "1 2 3"}}},
		{"stats", []string{"3x3"}, []flagValues{
			{"list", []string{"-1", "-9223372036854775808", "9223372036854775807", "99999999999999999999", "NaN"}},
		}, [][]string{{os.DevNull}, {fifo}, {dir}, {"5x5"}, {"6x6"}, {longInput}}},
		{"verify", []string{"2x2"}, []flagValues{
			{"table", specialIn},
		}, [][]string{{"5x5"}, {"6x6"}, {longInput}}},
	}
	var cases []hostileCase
	for _, c := range commands {
		for _, fv := range c.flags {
			for _, v := range fv.values {
				// In place of the flag's valid value, if it has one: a
				// flag given twice is refused for that alone.
				args := append(append([]string{c.name}, withoutFlag(c.valid, fv.flag)...), "-"+fv.flag, v)
				cases = append(cases, hostileCase{fmt.Sprintf("%s -%s %.30q", c.name, fv.flag, v), args})
			}
		}
		for _, a := range c.args {
			cases = append(cases, hostileCase{fmt.Sprintf("%s %.60q", c.name, strings.Join(a, " ")), append([]string{c.name}, a...)})
		}
		// The valid call itself must pass, so that every refusal above is
		// the hostile value's doing.
		cases = append(cases, hostileCase{c.name + " valid", append([]string{c.name}, c.valid...)})
	}
	return cases
}

// withoutFlag returns args without the flag -name and its value.
func withoutFlag(args []string, name string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == "-"+name {
			i++ // and its value
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// TestHostileFlags feeds every command hostile values, one at a time, in
// otherwise valid calls: each must end with exit status 2 and a message,
// without a panic, within a few seconds and without allocating more than a
// bounded amount; special files given as output are left as they were.
func TestHostileFlags(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := testenv.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	devNull, err := os.Stat(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	const (
		timeout  = 10 * time.Second // a refusal is immediate; generous for -race on a busy machine
		maxAlloc = 256 << 20        // bytes allocated by one call
	)
	// A limit on the heap turns an allocation far beyond it into heavy
	// collection rather than the machine's memory running out; TotalAlloc
	// below tells whether it happened.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 30))

	dev := testenv.DeviceNode(dir)
	for _, tc := range hostileCases(fifo, dev, dir) {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			var stdout, stderr bytes.Buffer
			type result struct {
				code  int
				panic any
				stack string
			}
			done := make(chan result, 1)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			go func() {
				defer func() {
					if r := recover(); r != nil {
						done <- result{panic: r, stack: string(debug.Stack())}
					}
				}()
				done <- result{code: run(ctx, tc.args, strings.NewReader(""), &stdout, &stderr)}
			}()
			var res result
			select {
			case res = <-done:
			case <-time.After(timeout + 5*time.Second):
				t.Fatalf("still running after %v, even with its context done", timeout+5*time.Second)
			}
			runtime.ReadMemStats(&after)
			if res.panic != nil {
				t.Fatalf("panic: %v\n%s", res.panic, res.stack)
			}
			if ctx.Err() != nil {
				t.Fatalf("took longer than %v (exit %d)", timeout, res.code)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > maxAlloc {
				t.Errorf("allocated %d MB", alloc>>20)
			}
			msg := stderr.String()
			if len(msg) > 4000 {
				t.Errorf("a message of %d bytes: input echoed back whole?", len(msg))
			}
			if strings.HasSuffix(tc.name, " valid") {
				if res.code != exitOK {
					t.Fatalf("the valid call: exit %d; stderr %q", res.code, msg)
				}
				return
			}
			if res.code != exitUsage || !strings.Contains(msg, "slidetable") {
				t.Fatalf("exit %d, stderr %.500q; want exit %d with a message", res.code, msg, exitUsage)
			}
			if strings.Contains(msg, ".tmp") {
				t.Errorf("the message names a temporary file: %q", msg)
			}
			if strings.Contains(msg, "given more than once") {
				t.Errorf("refused as a flag given twice, not for the value: %q", msg)
			}
		})
	}
	// The special files are as they were.
	if fi, err := os.Stat(os.DevNull); err != nil || fi.Mode() != devNull.Mode() {
		t.Errorf("%s is now %v (%v)", os.DevNull, fi.Mode(), err)
	}
	if fi, err := os.Stat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is now %v (%v)", fi.Mode(), err)
	}
}
