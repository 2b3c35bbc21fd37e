package testenv

import (
	"os"
	"os/exec"
	"testing"
)

// The environment variables of the package documentation.
const (
	longEnv    = "SLIDETABLE_LONG"
	heavyEnv   = "SLIDETABLE_HEAVY"
	chromeEnv  = "SLIDETABLE_CHROME"
	browserEnv = "SLIDETABLE_BROWSER"
	nodeEnv    = "SLIDETABLE_NODE"
	cEnv       = "SLIDETABLE_C"
	pythonEnv  = "SLIDETABLE_PYTHON"
	csharpEnv  = "SLIDETABLE_CSHARP"
	ciEnv      = "CI"
)

// Long skips the test unless SLIDETABLE_LONG=1: a check that takes more
// than a few seconds, run by CI and on request.
func Long(t testing.TB) {
	t.Helper()
	if !IsLong() {
		t.Skipf("long check: runs with %s=1", longEnv)
	}
}

// IsLong reports whether the long checks run (SLIDETABLE_LONG=1), for a
// test that does more of its work then rather than skipping.
func IsLong() bool { return os.Getenv(longEnv) == "1" }

// Heavy skips the test unless SLIDETABLE_HEAVY=1: a check that builds one
// of the large 4x4 databases (minutes of processor time and up to 2 GB),
// run on request, after a change to what builds them, rather than by CI.
func Heavy(t testing.TB) {
	t.Helper()
	if !IsHeavy() {
		t.Skipf("heavy check: builds a large database; runs with %s=1", heavyEnv)
	}
}

// IsHeavy reports whether the heavy checks run (SLIDETABLE_HEAVY=1), for
// a test that does more of its work then rather than skipping.
func IsHeavy() bool { return os.Getenv(heavyEnv) == "1" }

// Browser returns the path of the Chrome or Chromium binary that the
// browser tests drive: $SLIDETABLE_CHROME, else the first of the usual
// names on PATH, else /usr/bin/chromium. Under -short it skips the test.
// Without a browser it skips the test with a one-line notice saying how to
// run it, or fails it if CI=true or SLIDETABLE_BROWSER=1.
func Browser(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("drives a browser; runs without -short")
	}
	if p := os.Getenv(chromeEnv); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s=%s: %v", chromeEnv, p, err)
		}
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	missing(t, "no Chromium for the browser tests: install it (apt-get install -y chromium) or set "+chromeEnv+" to a Chrome or Chromium binary", browserEnv)
	return ""
}

// Node returns the path of node for the tests of the JavaScript package.
// Without it, it skips the test with a one-line notice saying how to run
// it, or fails it if CI=true or SLIDETABLE_NODE=1.
func Node(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("node"); err == nil {
		return p
	}
	missing(t, "no node for the JavaScript tests: install Node.js (apt-get install -y nodejs) so that node is on PATH", nodeEnv)
	return ""
}

// CC returns the path of the system's C compiler, for the tests of the C
// library: $CC, else the first of cc, gcc and clang on PATH. Under -short
// it skips the test. Without one, it skips the test with a one-line notice
// saying how to run it, or fails it if CI=true or SLIDETABLE_C=1.
func CC(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles C; runs without -short")
	}
	names := []string{"cc", "gcc", "clang"}
	if cc := os.Getenv("CC"); cc != "" {
		names = []string{cc}
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(t, "no C compiler for the tests of the C library: install one (apt-get install -y gcc) or set CC", cEnv)
	return ""
}

// Python returns the path of python3, for the tests of the Python
// package. Under -short it skips the test. Without it, it skips the test
// with a one-line notice saying how to run it, or fails it if CI=true or
// SLIDETABLE_PYTHON=1.
func Python(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs Python; runs without -short")
	}
	if p, err := exec.LookPath("python3"); err == nil {
		return p
	}
	missing(t, "no python3 for the tests of the Python package: install it (apt-get install -y python3 python3-venv) so that python3 is on PATH", pythonEnv)
	return ""
}

// CSharp returns the paths of mcs and mono, the C# compiler and runtime
// Debian ships (mono-mcs, mono-runtime), for the tests of the C# binding.
// Under -short it skips the test. Without either, it skips the test with a
// one-line notice saying how to run it, or fails it if CI=true or
// SLIDETABLE_CSHARP=1.
func CSharp(t testing.TB) (mcs, mono string) {
	t.Helper()
	if testing.Short() {
		t.Skip("compiles and runs C#; runs without -short")
	}
	mcs, errMcs := exec.LookPath("mcs")
	mono, errMono := exec.LookPath("mono")
	if errMcs == nil && errMono == nil {
		return mcs, mono
	}
	missing(t, "no mcs and mono for the tests of the C# binding: install them (apt-get install -y mono-mcs mono-runtime) so that both are on PATH", csharpEnv)
	return "", ""
}

// missing skips t with msg, or fails it if the tool is required: under
// CI=true or with env set to 1.
func missing(t testing.TB, msg, env string) {
	t.Helper()
	switch {
	case os.Getenv(ciEnv) == "true":
		t.Fatalf("%s (required, since %s=true)", msg, ciEnv)
	case os.Getenv(env) == "1":
		t.Fatalf("%s (required, since %s=1)", msg, env)
	default:
		t.Skip(msg)
	}
}

// NodeMissing skips the test with the one-line notice msg, saying what the
// Node tests lack (a tool fetched with npm, say), or fails it if CI=true
// or SLIDETABLE_NODE=1, as Node does.
func NodeMissing(t testing.TB, msg string) {
	t.Helper()
	missing(t, msg, nodeEnv)
}
