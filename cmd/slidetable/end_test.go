package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestEveryCommandEnds runs commands that once ran for ever: each must
// answer or refuse within 10 s, without a -timeout of its own.
func TestEveryCommandEnds(t *testing.T) {
	const limit = 10 * time.Second
	for _, tc := range []struct {
		args []string
		code int
		want string // in stdout for 0, in stderr otherwise
	}{
		{[]string{"levels", "-goal", "0 1 2/3 4 5/6 7 8", "-min", "31", "-max", "31", "3x3"}, 0, "31  "},
		{[]string{"levels", "-min", "10", "-max", "10", "-n", "2", "5x5"}, exitUsage, "-mode walk"},
		{[]string{"levels", "-min", "30", "-max", "30", "-n", "1", "5x5"}, exitUsage, "-mode walk"},
		{[]string{"levels", "-min", "53", "-max", "53", "4x3"}, exitUsage, "build -install 4x3"},
		{[]string{"levels", "-min", "0", "-max", "5", "-n", "1", "-mode", "filter", "5x3"}, exitUsage, "cannot finish"},
		{[]string{"levels", "-min", "40", "-max", "40", "-n", "2", "-goal", "0 1 2 3 4/5 6 7 8 9", "5x2"}, 0, "40  "},
		{[]string{"coverage", "-method", "walk", "-n", "1000000000", "-k", "1000000", "3x3"}, exitUsage, "would take at least"},
		{[]string{"coverage", "-n", "1000000000", "-timeout", "1s", "5x2"}, exitUsage, "would take at least"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var stdout, stderr bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- run(ctx, tc.args, strings.NewReader(""), &stdout, &stderr) }()
			select {
			case code := <-done:
				out := stdout.String()
				if code != exitOK {
					out = stderr.String()
				}
				if code != tc.code || !strings.Contains(out, tc.want) {
					t.Errorf("exit %d, %q %q; want exit %d and %q", code, stdout.String(), stderr.String(), tc.code, tc.want)
				}
			case <-time.After(limit):
				cancel()
				<-done
				t.Errorf("no answer or refusal within %v", limit)
			}
		})
	}
}
