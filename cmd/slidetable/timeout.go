package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// maxTimeout bounds -timeout.
const maxTimeout = 7 * 24 * time.Hour

// defaultSearchTimeout is the -timeout of levels and coverage, whose work
// (boards drawn and solved until enough qualify) has no bound of its own.
const defaultSearchTimeout = 10 * time.Minute

// timeoutFlag is -timeout: a bound on a command's work, which then stops
// with one line and exit status 1.
type timeoutFlag struct {
	f       *flags
	timeout *time.Duration
	def     time.Duration // the default, 0 for none
}

func addTimeoutFlag(f *flags, def time.Duration) *timeoutFlag {
	usage := "give up after `DURATION` (such as 10s or 2m; at most 168h), with exit status 1 (default: no limit)"
	if def > 0 {
		// The flag package says the default.
		usage = "give up after `DURATION` (such as 10s or 2m; at most 168h), with exit status 1"
	}
	tf := &timeoutFlag{f: f, def: def}
	tf.timeout = f.duration("timeout", def, usage)
	return tf
}

// check checks the value of -timeout: 0 (no limit) to maxTimeout, or,
// for a command with a default, at least 1ms.
func (tf *timeoutFlag) check() error {
	lo, what := time.Duration(0), "0 (no limit)"
	if tf.def > 0 {
		lo, what = time.Millisecond, "1ms"
	}
	if *tf.timeout < lo || *tf.timeout > maxTimeout {
		return tf.f.failf("-timeout %s: want a duration from %s to %s", *tf.timeout, what, maxTimeout)
	}
	return nil
}

// context returns ctx bounded by -timeout.
func (tf *timeoutFlag) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if *tf.timeout > 0 {
		return context.WithTimeout(ctx, *tf.timeout)
	}
	return context.WithCancel(ctx)
}

// stopped turns the end of the command's context into a one-line message:
// -timeout ran out, or a signal interrupted the work; after, if not empty,
// says how far it got ("after 3 of 10 boards").
func (tf *timeoutFlag) stopped(err error, after string) error {
	if after != "" {
		after = " " + after
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded) && *tf.timeout == tf.def:
		return &commandError{cmd: tf.f.name, err: fmt.Errorf("-timeout %s, the default, ran out%s; give a longer one to go on", shortDuration(tf.def), after)}
	case errors.Is(err, context.DeadlineExceeded):
		return &commandError{cmd: tf.f.name, err: fmt.Errorf("-timeout %s ran out%s", *tf.timeout, after)}
	case errors.Is(err, context.Canceled):
		return &commandError{cmd: tf.f.name, err: fmt.Errorf("interrupted%s", after)}
	}
	return err
}

// shortDuration writes d without zero units: 10m, not 10m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
