//go:build race

package testenv

// Race reports whether the tests run under the race detector
// (go test -race), which makes some of them too slow to be worth it.
const Race = true
