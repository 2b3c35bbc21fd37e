package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

// cacheEnv names the folder of installed files, in place of the default.
const cacheEnv = "SLIDETABLE_CACHE"

// installDir returns the directory where 'build -install' writes and every
// command that answers about boards looks: $SLIDETABLE_CACHE if set, else
// slidetable in the user's cache directory ($XDG_CACHE_HOME or ~/.cache on
// Linux).
func installDir() (string, error) {
	if dir := os.Getenv(cacheEnv); dir != "" {
		return dir, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no place to install to: %w", err)
	}
	return filepath.Join(dir, "slidetable"), nil
}

// installPath returns the path 'build -install' writes the table or
// pattern database of size to.
func installPath(size board.Size, ext string) (string, error) {
	dir, err := installDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, size.String()+ext), nil
}

// installed returns the path of the file installed for size, a table
// WxH.tbl or else, if withPDB, a pattern database WxH.pdb, or "" if there
// is none or the size has a built-in table, which answers first.
func installed(size board.Size, withPDB bool) string {
	if data.Has(size) {
		return ""
	}
	exts := []string{".tbl"}
	if withPDB {
		exts = append(exts, ".pdb")
	}
	for _, ext := range exts {
		path, err := installPath(size, ext)
		if err != nil {
			return ""
		}
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			return path
		}
	}
	return ""
}

// openInstalled opens the file installed for size, if any: a table or, if
// withPDB, a pattern database (the other nil), of that size and the
// standard goal. A file that fails is a failure (exit 1) that names it and
// says what to do, as the user gave no file.
func openInstalled(size board.Size, withPDB bool) (*table.Table, *pdb.DB, error) {
	path := installed(size, withPDB)
	if path == "" {
		return nil, nil, nil
	}
	fail := func(err error) (*table.Table, *pdb.DB, error) {
		return nil, nil, fmt.Errorf("%w (%s is the file installed for %s; rebuild it with 'slidetable build -install %s' or remove it)", err, path, size, size)
	}
	var goal board.Board
	var t *table.Table
	var db *pdb.DB
	var err error
	if isPDB(path) {
		if db, err = pdb.Open(path); err != nil {
			return fail(err)
		}
		goal = db.Goal()
	} else {
		if t, err = table.Open(path); err != nil {
			return fail(err)
		}
		goal = t.Goal()
	}
	if want := board.Goal(size); goal != want {
		if t != nil {
			t.Close()
		}
		return fail(fmt.Errorf("it is for %s, not %s to the standard goal", goal, size))
	}
	return t, db, nil
}
