//go:build !linux

package atomicfile

// create opens a named temporary file beside path.
func create(path string) (*temp, error) { return createNamed(path) }

// commit renames the file to path.
func (t *temp) commit(path string) error { return t.commitNamed(path) }
