package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlot(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"3x2.png", "3x2.svg", "3x2.pdf"} {
		path := filepath.Join(dir, name)
		code, stdout, stderr := slidetable(t, "", "plot", "-o", path, "3x2")
		if code != 0 || stdout != "wrote "+path+"\n" {
			t.Fatalf("plot -o %s: exit %d, %q, %s", name, code, stdout, stderr)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 1000 {
			t.Fatalf("%s: only %d bytes", name, len(b))
		}
	}
	f, err := os.Open(filepath.Join(dir, "3x2.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != 1200 {
		t.Errorf("8 inches at 150 dpi is %d pixels wide, want 1200", got)
	}
	svg, _ := os.ReadFile(filepath.Join(dir, "3x2.svg"))
	if !strings.Contains(string(svg), "360 states") {
		t.Errorf("the SVG lacks the title")
	}
}

func TestPlotBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"plot"},
		{"plot", "-o", filepath.Join(dir, "x.bmp"), "3x2"},
		{"plot", "-o", filepath.Join(dir, "x"), "3x2"},
		{"plot", "-width", "0", "-o", filepath.Join(dir, "x.png"), "3x2"},
		{"plot", "-dpi", "5000", "-o", filepath.Join(dir, "x.png"), "3x2"},
		{"plot", "-o", filepath.Join(dir, "x.png"), "5x5"},
	} {
		code, _, stderr := slidetable(t, "", args...)
		if code != exitUsage || stderr == "" {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 with a message", args, code, stderr)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("failed plots left %d files behind", len(entries))
	}
}

// TestPlotPublished draws the published 4x4 distribution, which has no
// table, and says in the chart that it is published.
func TestPlotPublished(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "4x4.svg")
	code, _, stderr := slidetable(t, "", "plot", "-o", path, "4x4")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"10,461,394,944,000 states", "published by Korf and Schultze 2005, not computed here", "largest distance 80 (17 boards)"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the chart does not say %q", want)
		}
	}
}
