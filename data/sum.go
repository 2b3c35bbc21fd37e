package data

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/failure"
)

// abstractionSums are the SHA-256 sums, in hex, of the abstraction
// database files AbstractionSizes lists (4x4-multi.abs): the bytes the
// WebAssembly build, which leaves the files out, accepts when it is given
// them (Give). TestAbstractionSums checks them against the files embedded.
var abstractionSums = map[board.Size]string{
	{W: 4, H: 4}: "843b486c4cbe326ac2b4846d2fa0eb563e68d6078b453a50bc274be64731ea26",
}

// ErrNotGiven reports an abstraction database the WebAssembly build knows
// of but has not been given (see Give), or has refused: asking again once
// it has been given may succeed. Errors wrapping it wrap ErrNotEmbedded
// too.
var ErrNotGiven = failure.New(failure.File, "data: abstraction database not given")

// AbstractionSum returns the SHA-256 sum of the abstraction database
// file of size that this package holds or accepts (Give), and whether
// there is one.
func AbstractionSum(size board.Size) ([sha256.Size]byte, bool) {
	var sum [sha256.Size]byte
	h, ok := abstractionSums[size]
	if !ok {
		return sum, false
	}
	b, err := hex.DecodeString(h)
	if err != nil || len(b) != sha256.Size {
		return sum, false
	}
	return [sha256.Size]byte(b), true
}

// errWrongFile reports bytes given for a size that are not its file.
var errWrongFile = errors.New("not the file of this build")

// checkAbstraction reports whether b is the abstraction database file of
// size that this package knows, by its SHA-256 sum.
func checkAbstraction(size board.Size, b []byte) error {
	want, ok := AbstractionSum(size)
	if !ok {
		return fmt.Errorf("%w: %s abstraction database", ErrNotEmbedded, size)
	}
	if got := sha256.Sum256(b); got != want {
		return fmt.Errorf("the %d bytes given as the %s abstraction database (SHA-256 %x...) are %w (SHA-256 %x...): give the 4x4-multi.abs that came with it", len(b), size, got[:8], errWrongFile, want[:8])
	}
	return nil
}
