package human

import (
	"fmt"
	"strconv"
)

// Plural returns one if n is 1 and many otherwise: Plural(n, "board",
// "boards").
func Plural(n uint64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Group writes x with thousands separators: 10,461,394,944,000.
func Group(x uint64) string {
	s := strconv.FormatUint(x, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Words writes a large count in words, to a tenth: "10.5 trillion",
// "1.2 billion", "3.0 million"; below a million, with thousands separators
// (Group).
func Words(x uint64) string {
	switch {
	case x >= 1e12:
		return fmt.Sprintf("%.1f trillion", float64(x)/1e12)
	case x >= 1e9:
		return fmt.Sprintf("%.1f billion", float64(x)/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.1f million", float64(x)/1e6)
	}
	return Group(x)
}

// Bytes writes a byte count in decimal units: "300 MB", "45 KB".
func Bytes(b uint64) string {
	switch {
	case b >= 1e12:
		return fmt.Sprintf("%.1f TB", float64(b)/1e12)
	case b >= 1e9:
		return fmt.Sprintf("%.1f GB", float64(b)/1e9)
	case b >= 1e6:
		return fmt.Sprintf("%.0f MB", float64(b)/1e6)
	case b >= 1e3:
		return fmt.Sprintf("%.0f KB", float64(b)/1e3)
	}
	return strconv.FormatUint(b, 10) + " B"
}

// About writes a length of time of s seconds as a person would round it:
// "about 40 seconds", "about 3 minutes", "about 5 hours", "about 2 days",
// "about 3 years", "centuries" beyond a hundred years.
func About(s float64) string {
	const minute, hour, day, year = 60, 3600, 86400, 365.25 * 86400
	switch {
	case !(s < 100*year): // and NaN, +Inf
		return "centuries"
	case s >= 2*year:
		return fmt.Sprintf("about %.0f years", s/year)
	case s >= 2*day:
		return fmt.Sprintf("about %.0f days", s/day)
	case s >= 2*hour:
		return fmt.Sprintf("about %.0f hours", s/hour)
	case s >= 2*minute:
		return fmt.Sprintf("about %.0f minutes", s/minute)
	case s >= 2:
		return fmt.Sprintf("about %.0f seconds", s)
	}
	return "a second or two"
}
