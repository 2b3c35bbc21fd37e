package main

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// newProgressBar returns a progress bar to max on w (standard error),
// redrawn at most ten times a second and cleared when finished.
func newProgressBar(w io.Writer, max int64, desc string) *progressbar.ProgressBar {
	return progressbar.NewOptions64(max,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionClearOnFinish())
}
