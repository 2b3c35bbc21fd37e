//go:build js

package data

import (
	"fmt"
	"slices"
	"sync"

	"github.com/slidetable/slidetable/board"
)

// given holds the abstraction database files given to the WebAssembly
// build (Give), which leaves them out of the module: at 33 MB the 4x4
// one would take the static site past its budget, so the page fetches it
// when it first asks about 4x4 in multi-tile moves.
var given struct {
	sync.Mutex
	files   map[board.Size][]byte
	refused map[board.Size]error // why the last bytes given were not kept
}

// notGiven is an error wrapping ErrNotGiven and ErrNotEmbedded, with a
// message of its own.
type notGiven struct{ msg string }

func (e *notGiven) Error() string { return e.msg }

func (e *notGiven) Is(target error) bool { return target == ErrNotGiven || target == ErrNotEmbedded }

// AbstractionSizes returns the sizes whose abstraction database files
// this build knows, given or not yet (see Give): 4x4.
func AbstractionSizes() []board.Size { return []board.Size{{W: 4, H: 4}} }

// AbstractionFile returns the bytes of the abstraction database file of
// size that were given (Give). It fails with an error wrapping
// ErrNotGiven if none have been yet or those given were refused, and with
// ErrNotEmbedded for a size without one.
func AbstractionFile(size board.Size) ([]byte, error) {
	if !slices.Contains(AbstractionSizes(), size) {
		return nil, fmt.Errorf("%w: %s abstraction database", ErrNotEmbedded, size)
	}
	given.Lock()
	defer given.Unlock()
	if b, ok := given.files[size]; ok {
		return b, nil
	}
	if err, ok := given.refused[size]; ok {
		return nil, &notGiven{fmt.Sprintf("the %s abstraction database given to the WebAssembly module was refused: %v", size, err)}
	}
	return nil, &notGiven{fmt.Sprintf("the %s abstraction database (4x4-multi.abs), which the WebAssembly module leaves out, has not been given to it", size)}
}

// Give gives the WebAssembly build the bytes of the abstraction database
// file of size, which it leaves out. They are kept only if they are the
// very file of this build, by its SHA-256 sum: the file built in
// elsewhere, proven by this package's tests; otherwise AbstractionFile
// says why they were refused. b must not change afterwards.
func Give(size board.Size, b []byte) error {
	err := checkAbstraction(size, b)
	given.Lock()
	defer given.Unlock()
	if given.files == nil {
		given.files, given.refused = map[board.Size][]byte{}, map[board.Size]error{}
	}
	if err != nil {
		if _, ok := given.files[size]; !ok {
			given.refused[size] = err
		}
		return err
	}
	given.files[size] = b
	delete(given.refused, size)
	return nil
}
