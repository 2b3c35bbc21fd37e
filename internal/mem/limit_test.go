package mem

import "testing"

func TestParseMemTotal(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
	}{
		{"MemTotal:       24683520 kB\nMemFree: 1 kB\n", 24683520 * 1024},
		{"MemFree: 1 kB\nMemTotal: 2048 kB", 2048 * 1024},
		{"MemTotal:\n", fallbackPhysical},
		{"MemTotal: lots kB\n", fallbackPhysical},
		{"", fallbackPhysical},
	} {
		if got := parseMemTotal(c.in); got != c.want {
			t.Errorf("parseMemTotal(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestLimit(t *testing.T) {
	if got, want := Limit(0), DefaultLimit(); got != want || got == 0 || got > Physical()/2 {
		t.Fatalf("Limit(0) = %d, want %d, at most half the physical memory", got, want)
	}
	if got := Limit(12345); got != 12345 {
		t.Fatalf("Limit(12345) = %d", got)
	}
}

func TestAddressSpace(t *testing.T) {
	as, ok := addressSpace()
	if ok && DefaultLimit() > as/2 {
		t.Fatalf("DefaultLimit() = %d, above half the address space limit %d", DefaultLimit(), as)
	}
	t.Logf("physical %d, address space %d (%t), default limit %d", Physical(), as, ok, DefaultLimit())
}
