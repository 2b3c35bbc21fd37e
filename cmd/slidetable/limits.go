package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/game"
	"github.com/slidetable/slidetable/internal/atomicfile"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/internal/mem"
	"github.com/slidetable/slidetable/source"
)

// Bounds of the numbers flags take. Every number a flag takes is bounded,
// so that no value makes a command crash, allocate without bound or run
// for ever; a value out of bounds is a usage error (exit status 2).
const (
	maxWorkers = source.MaxWorkers // -workers
	maxCount   = 1_000_000         // boards a command holds at once: levels -n, stats -list
	maxGen     = 100_000_000       // gen -n: boards printed one at a time
	maxDraws   = 1_000_000_000     // coverage -n: draws counted, not kept
	maxWalk    = 1_000_000         // -k: moves of a walk, printed whole
	minMemory  = 1e6               // -max-mem: 1 MB
	maxMemory  = 1e15              // -max-mem: 1000 TB
)

// intFlag checks that the value v of the flag -name lies in [lo, hi].
func (f *flags) intFlag(name string, v, lo, hi int, what string) error {
	if v < lo || v > hi {
		return f.failf("-%s %d: want %s from %s to %s", name, v, what, human.Group(uint64(lo)), human.Group(uint64(hi)))
	}
	return nil
}

// outputFile checks that path, given by the flag -name, is a regular file
// or does not exist: a build must not replace a device, a FIFO or a
// directory with a file.
func (f *flags) outputFile(name, path string) error {
	var nr *atomicfile.NotRegularError
	if err := atomicfile.Check(path); errors.As(err, &nr) {
		return f.failf("-%s %s: %s is %s; give a regular file or a new name", name, path, path, nr.Kind)
	}
	return nil
}

// maxDistanceRange refuses, for walks to the standard goal, a smallest
// distance no board of the size has in the metric of -metric.
func (f *flags) maxDistanceRange(size board.Size, lo int) error {
	if err := game.CheckMin(size, f.metric, lo); err != nil {
		return f.failf("-min %d: %w", lo, err)
	}
	return nil
}

// memEnv names the environment variable that gives -max-mem a default.
const memEnv = "SLIDETABLE_MAX_MEM"

// addMemFlag adds -max-mem to a command that reads files or builds them:
// parse checks it and sets f.memory.
func (f *flags) addMemFlag() {
	f.maxMem = f.String("max-mem", "", "refuse a file, proof or build that needs more than `SIZE` bytes of memory (such as 2G, 500M; default: $"+memEnv+", else half the physical memory)")
}

// memFlag checks -max-mem, else $SLIDETABLE_MAX_MEM, and sets f.memory.
func (f *flags) memFlag() error {
	if f.maxMem == nil {
		return nil
	}
	v, name := *f.maxMem, "-max-mem"
	if v == "" {
		v, name = os.Getenv(memEnv), memEnv
	}
	limit, err := memoryLimit(v)
	if err != nil {
		return f.fail(fmt.Errorf("%s: %w", name, err))
	}
	f.memory = limit
	return nil
}

// memoryError adds to a refusal for want of memory what to do about it.
func memoryError(err error) error {
	if errors.Is(err, failure.Memory) {
		return fmt.Errorf("%w; raise -max-mem (or $%s) to allow more", err, memEnv)
	}
	return err
}

// memoryLimit parses a -max-mem value; empty means the default of the
// readers and builders (mem.DefaultLimit: half the physical memory, less
// under an address-space limit). It takes a number of bytes with an
// optional K, M, G or T (powers of 1000) and B, from 1 MB to 1000 TB.
func memoryLimit(s string) (uint64, error) {
	if s == "" {
		return mem.DefaultLimit(), nil
	}
	mult := 1.0
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "B")
	switch {
	case strings.HasSuffix(t, "K"):
		mult, t = 1e3, t[:len(t)-1]
	case strings.HasSuffix(t, "M"):
		mult, t = 1e6, t[:len(t)-1]
	case strings.HasSuffix(t, "G"):
		mult, t = 1e9, t[:len(t)-1]
	case strings.HasSuffix(t, "T"):
		mult, t = 1e12, t[:len(t)-1]
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a size such as 500M or 2G", clip(s))
	}
	if b := v * mult; !(b >= minMemory && b <= maxMemory) {
		return 0, fmt.Errorf("%q: want 1M to 1000T, such as 500M or 2G", clip(s))
	}
	return uint64(v * mult), nil
}

// clipLen is the most bytes of one word of input a message quotes.
const clipLen = 200

// clip returns s clipped to clipLen bytes (see human.Clip).
func clip(s string) string { return human.Clip(s, clipLen) }

// clipWords clips every word of a message (see clip), so that no input is
// echoed back whole, however long.
func clipWords(msg string) string {
	if len(msg) <= clipLen {
		return msg
	}
	var sb strings.Builder
	for len(msg) > 0 {
		i := strings.IndexAny(msg, " \n\t")
		if i < 0 {
			i = len(msg)
		}
		sb.WriteString(clip(msg[:i]))
		if i < len(msg) {
			sb.WriteByte(msg[i])
			i++
		}
		msg = msg[i:]
	}
	return sb.String()
}

// durationValue is a flag.Value for a duration whose error, for a number
// without a unit such as "10", says that a unit is needed.
type durationValue time.Duration

func (d *durationValue) String() string { return time.Duration(*d).String() }

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		if v, nerr := strconv.ParseFloat(s, 64); nerr == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
			return fmt.Errorf("a duration needs a unit, such as %ss or %sm", s, s)
		}
		return fmt.Errorf("not a duration (such as 10s, 2m or 1h30m)")
	}
	*d = durationValue(v)
	return nil
}

// duration defines a duration flag, as flag.Duration does, whose mistakes
// are explained (see durationValue).
func (f *flags) duration(name string, value time.Duration, usage string) *time.Duration {
	p := new(time.Duration)
	*p = value
	f.Var((*durationValue)(p), name, usage)
	return p
}

// optionalInt is a flag.Value for a whole number whose default is said in
// words in its usage ("default: the largest there is"), not as a number:
// set tells whether it was given.
type optionalInt struct {
	v   int
	set bool
}

func (o *optionalInt) String() string {
	if o == nil || !o.set {
		return ""
	}
	return strconv.Itoa(o.v)
}

func (o *optionalInt) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return errors.New("not a whole number")
	}
	o.v, o.set = int(v), true
	return nil
}

// optionalInt defines an optionalInt flag.
func (f *flags) optionalInt(name, usage string) *optionalInt {
	o := new(optionalInt)
	f.Var(o, name, usage)
	return o
}
