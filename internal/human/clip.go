package human

import (
	"strconv"
	"unicode/utf8"
)

// Clip returns s if it is at most limit bytes long, and otherwise as much
// of its start as fits in limit bytes together with a note of its length,
// "... (1234 bytes)": for quoting input in a message without echoing all
// of it, however long. The start is cut between characters, never inside
// one of UTF-8 (bytes that are not UTF-8 are kept as they are: quote the
// result with %q). The result is at most limit bytes whenever limit is at
// least the note's length (32 bytes always is); below that, it is the
// note alone.
func Clip(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	note := "... (" + strconv.Itoa(len(s)) + " bytes)"
	cut := max(limit-len(note), 0)
	// A character of UTF-8 is at most UTFMax bytes: its start is at most
	// UTFMax-1 bytes before the cut.
	for back := 0; back < utf8.UTFMax-1 && cut > 0 && !utf8.RuneStart(s[cut]); back++ {
		cut--
	}
	return s[:cut] + note
}
