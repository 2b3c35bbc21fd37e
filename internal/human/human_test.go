package human

import (
	"math"
	"testing"
)

func TestGroup(t *testing.T) {
	for x, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 181440: "181,440", 10461394944000: "10,461,394,944,000"} {
		if got := Group(x); got != want {
			t.Errorf("Group(%d) = %q, want %q", x, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[uint64]string{0: "boards", 1: "board", 2: "boards"} {
		if got := Plural(n, "board", "boards"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	for x, want := range map[uint64]string{999_999: "999,999", 1_000_000: "1.0 million", 239_500_800: "239.5 million",
		10_461_394_944_000: "10.5 trillion", 7_257_600_000: "7.3 billion"} {
		if got := Words(x); got != want {
			t.Errorf("Words(%d) = %q, want %q", x, got, want)
		}
	}
}

func TestBytes(t *testing.T) {
	for b, want := range map[uint64]string{999: "999 B", 45000: "45 KB", 342_000_000: "342 MB", 5_200_000_000_000: "5.2 TB"} {
		if got := Bytes(b); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", b, got, want)
		}
	}
}

func TestAbout(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		want string
	}{
		{0.5, "a second or two"},
		{40, "about 40 seconds"},
		{150, "about 2 minutes"},
		{5 * 3600, "about 5 hours"},
		{3 * 86400, "about 3 days"},
		{10 * 365.25 * 86400, "about 10 years"},
		{1e12, "centuries"},
		{math.Inf(1), "centuries"},
		{math.NaN(), "centuries"},
	} {
		if got := About(tc.s); got != tc.want {
			t.Errorf("About(%v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
