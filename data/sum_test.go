package data

import (
	"crypto/sha256"
	"errors"
	"testing"

	"github.com/slidetable/slidetable/board"
)

// TestAbstractionSums checks that the sums the WebAssembly build accepts
// are those of the files embedded, and that other bytes are refused.
func TestAbstractionSums(t *testing.T) {
	sizes := AbstractionSizes()
	if len(sizes) == 0 || len(sizes) != len(abstractionSums) {
		t.Fatalf("%d sizes with abstraction databases, %d sums", len(sizes), len(abstractionSums))
	}
	for _, size := range sizes {
		b, err := AbstractionFile(size)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := AbstractionSum(size)
		if got := sha256.Sum256(b); !ok || got != want {
			t.Errorf("%s: the embedded file's SHA-256 is %x, the sum kept %x (%v): update abstractionSums", size, got, want, ok)
		}
		if err := checkAbstraction(size, b); err != nil {
			t.Errorf("%s: the embedded file is refused: %v", size, err)
		}
		wrong := append([]byte(nil), b...)
		wrong[len(wrong)/2] ^= 1
		if err := checkAbstraction(size, wrong); !errors.Is(err, errWrongFile) {
			t.Errorf("%s: a file with one bit changed: %v, want errWrongFile", size, err)
		}
	}
	if err := checkAbstraction(board.Size{W: 3, H: 3}, nil); !errors.Is(err, ErrNotEmbedded) {
		t.Errorf("3x3: %v, want ErrNotEmbedded", err)
	}
}
