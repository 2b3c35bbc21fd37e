package human

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	for _, c := range []struct {
		s     string
		limit int
		want  string
	}{
		{"", 40, ""},
		{"3x3", 40, "3x3"},
		{strings.Repeat("a", 40), 40, strings.Repeat("a", 40)},
		{strings.Repeat("a", 41), 40, strings.Repeat("a", 26) + "... (41 bytes)"},
		{strings.Repeat("a", 1000), 40, strings.Repeat("a", 24) + "... (1000 bytes)"},
		// "é" is two bytes: the cut at 26 would split the thirteenth.
		{"a" + strings.Repeat("é", 30), 40, "a" + strings.Repeat("é", 12) + "... (61 bytes)"},
		// Bytes that are not UTF-8 are cut where they fall.
		{strings.Repeat("\x80", 50), 40, strings.Repeat("\x80", 23) + "... (50 bytes)"},
		{strings.Repeat("a", 50), 5, "... (50 bytes)"},
	} {
		if got := Clip(c.s, c.limit); got != c.want {
			t.Errorf("Clip(%.60q, %d) = %q, want %q", c.s, c.limit, got, c.want)
		}
	}
}

// TestClipBound checks the promises of Clip on inputs of every length up
// to a few hundred bytes, of one-, two-, three- and four-byte characters:
// an input that fits comes back whole; one that does not, cut at most to
// limit bytes, at a character's start, noting its length.
func TestClipBound(t *testing.T) {
	for _, r := range []string{"a", "é", "€", "𝄞"} {
		for n := range 300 {
			s := strings.Repeat(r, n)
			for _, limit := range []int{32, 40, 200} {
				got := Clip(s, limit)
				if len(s) <= limit {
					if got != s {
						t.Fatalf("Clip(%d bytes, %d) = %q, want it whole", len(s), limit, got)
					}
					continue
				}
				start, ok := strings.CutSuffix(got, "... ("+strconv.Itoa(len(s))+" bytes)")
				if !ok || len(got) > limit || !strings.HasPrefix(s, start) || !utf8.ValidString(start) {
					t.Fatalf("Clip(%d bytes of %q, %d) = %q", len(s), r, limit, got)
				}
				if len(start)+len(r) <= limit-(len(got)-len(start)) {
					t.Fatalf("Clip(%d bytes of %q, %d) = %q: room for another character", len(s), r, limit, got)
				}
			}
		}
	}
}
