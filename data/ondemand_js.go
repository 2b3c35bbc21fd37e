//go:build js

package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/slidetable/slidetable/failure"
	"github.com/slidetable/slidetable/internal/recipe"
)

// given holds the files of OnDemand given to the WebAssembly build
// (Give), which leaves them out: at 33 MB the 4x4 abstraction database
// would take the static site past its budget, and the 4x4 level packs
// serve only a game of 4x4, so the page fetches each when a call first
// needs it.
var given struct {
	sync.Mutex
	files   map[string][]byte // by Demand.Name
	refused map[string]error  // why the last bytes given were not kept
}

// notGiven is an error wrapping ErrNotGiven and ErrNotEmbedded, with a
// message of its own; refused is set if bytes were given and refused.
// Its kind is ErrNotGiven's, a file that cannot answer (failure.File).
type notGiven struct {
	msg     string
	refused bool
}

func (e *notGiven) Error() string { return e.msg }

func (e *notGiven) Is(target error) bool {
	return target == ErrNotGiven || target == ErrNotEmbedded || target == failure.File
}

// givenFile returns the bytes given as the file named name, or a
// *notGiven that says why there are none.
func givenFile(name string) ([]byte, error) {
	given.Lock()
	defer given.Unlock()
	if b, ok := given.files[name]; ok {
		return b, nil
	}
	if err, ok := given.refused[name]; ok {
		return nil, &notGiven{fmt.Sprintf("the %s given to the WebAssembly module was refused: %v", name, err), true}
	}
	return nil, &notGiven{msg: fmt.Sprintf("%s, which the WebAssembly module leaves out, has not been given to it", name)}
}

// openOnDemand returns what reads the bytes given as the file of r, a
// recipe on demand (Give), and their length, or an error wrapping
// ErrNotGiven that says why there are none.
func openOnDemand(r recipe.Recipe) (io.ReaderAt, int64, error) {
	b, err := givenFile(r.FileName())
	if err != nil {
		return nil, 0, err
	}
	return bytes.NewReader(b), int64(len(b)), nil
}

// Give gives the WebAssembly build the bytes of the file of OnDemand
// named name, which it leaves out. They are kept only if they are the
// very file of this build, by its SHA-256 sum: the file built in
// elsewhere, proven by this package's tests; otherwise the functions
// that return the file say why they were refused. b must not change
// afterwards.
func Give(name string, b []byte) error {
	_, err := checkGiven(name, b)
	given.Lock()
	defer given.Unlock()
	if given.files == nil {
		given.files, given.refused = map[string][]byte{}, map[string]error{}
	}
	if err != nil {
		if _, ok := given.files[name]; !ok && errors.Is(err, errWrongFile) {
			given.refused[name] = err
		}
		return err
	}
	given.files[name] = b
	delete(given.refused, name)
	return nil
}

// Given reports whether the file of OnDemand named name has been given
// and kept (Give); if bytes given as it were refused, and none kept, it
// returns why.
func Given(name string) (bool, error) {
	_, err := givenFile(name)
	if ng := (*notGiven)(nil); errors.As(err, &ng) && !ng.refused {
		return false, nil
	}
	return err == nil, err
}
