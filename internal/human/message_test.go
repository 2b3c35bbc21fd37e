package human

import "testing"

func TestMessage(t *testing.T) {
	for msg, want := range map[string]string{
		"board: tile 7 appears twice":                        "tile 7 appears twice",
		"open x.tbl: table: malformed file: header":          "open x.tbl: malformed file: header",
		"missing parameter board: the 9 numbers":             "missing parameter board: the 9 numbers",
		"pdb: open 4x4.pdb: pdb: checksum mismatch: group 1": "open 4x4.pdb: checksum mismatch: group 1",
		"no package here":                                    "no package here",
	} {
		if got := Message(msg); got != want {
			t.Errorf("Message(%q) = %q, want %q", msg, got, want)
		}
	}
}
