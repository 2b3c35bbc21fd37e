package human

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestMessage(t *testing.T) {
	errDup := errors.New("board: tile 7 appears twice")
	errFormat := errors.New("table: malformed file")
	errChecksum := errors.New("pdb: checksum mismatch")
	errSomePkg := errors.New("newpkg2: something failed")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{errDup, "tile 7 appears twice"},
		{fmt.Errorf("open x.tbl: %w: header", errFormat), "open x.tbl: malformed file: header"},
		{fmt.Errorf("%w: goal: %w", errFormat, errDup), "malformed file: goal: tile 7 appears twice"},
		{fmt.Errorf("pdb: open 4x4.pdb: %w: group 1", errChecksum), "open 4x4.pdb: checksum mismatch: group 1"},
		{fmt.Errorf("missing parameter board: %w", errors.New("the 9 numbers")), "missing parameter board: the 9 numbers"},
		{fmt.Errorf("level: %w", errSomePkg), "something failed"},
		{errors.New("no package here"), "no package here"},
		{fmt.Errorf("%w: header: %w", errFormat, io.ErrUnexpectedEOF), "malformed file: header: unexpected EOF"},
		{fmt.Errorf("%w: goal %v", errFormat, errors.New("board: lost by %v")), "malformed file: goal board: lost by %v"},
		{nil, ""},
	} {
		if got := Message(tc.err); got != tc.want {
			t.Errorf("Message(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}
