package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/slidetable/slidetable/internal/human"
)

// logEvery is how often a progress off a terminal writes a line: a
// variable for the tests.
var logEvery = time.Minute

// A progress shows on standard error how far long work has got: on a
// terminal, a bar redrawn in place; elsewhere (a log, a pipe), where the
// bar's frames would pile up, a line now and then, at most once every
// logEvery, so that a log shows the work going on. It is safe for
// concurrent use.
type progress struct {
	bar *progressbar.ProgressBar // on a terminal, else nil

	mu         sync.Mutex
	w          io.Writer
	max, n     int64
	desc       string
	start, due time.Time
	finished   bool
}

// newProgress returns a progress to max on w.
func newProgress(w io.Writer, max int64, desc string) *progress {
	p := &progress{w: w, max: max, desc: desc, start: time.Now()}
	p.due = p.start.Add(logEvery)
	if isTerminal(w) {
		p.bar = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionShowCount(),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionClearOnFinish())
	}
	return p
}

// progressBar returns newProgress on e's standard error, or nil with -q.
func progressBar(e *env, quiet bool, max int64, desc string) *progress {
	if quiet {
		return nil
	}
	return newProgress(e.stderr, max, desc)
}

// Describe sets what the work is doing.
func (p *progress) Describe(desc string) {
	if p.bar != nil {
		p.bar.Describe(desc)
		return
	}
	p.mu.Lock()
	p.desc = desc
	p.mu.Unlock()
}

// Set sets how far the work has got, of max.
func (p *progress) Set(n int) { p.Set64(int64(n)) }

// Set64 sets how far the work has got, of max.
func (p *progress) Set64(n int64) {
	if p.bar != nil {
		p.bar.Set64(n)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n = n
	if now := time.Now(); !p.finished && !now.Before(p.due) {
		p.due = now.Add(logEvery)
		pct := 0.0
		if p.max > 0 {
			pct = 100 * float64(n) / float64(p.max)
		}
		fmt.Fprintf(p.w, "slidetable: %s: %.0f%% (%s of %s) after %s\n",
			p.desc, pct, human.Group(uint64(max(n, 0))), human.Group(uint64(max(p.max, 0))), now.Sub(p.start).Round(time.Second))
	}
}

// Finish ends the progress: the bar is cleared; no line follows.
func (p *progress) Finish() {
	if p.bar != nil {
		p.bar.Finish()
		return
	}
	p.mu.Lock()
	p.finished = true
	p.mu.Unlock()
}

// IsFinished reports whether Finish was called.
func (p *progress) IsFinished() bool {
	if p.bar != nil {
		return p.bar.IsFinished()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.finished
}
