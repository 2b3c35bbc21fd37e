package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/slidetable/slidetable/pdb"
	"github.com/slidetable/slidetable/table"
)

func runVersion(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "version", "slidetable version",
		"Print the version of the program (the module version it was built from,\n"+
			"or (devel) for a build from a working copy, with the commit where the\n"+
			"build recorded one), the Go version that built it, and the versions of\n"+
			"the table and pattern database file formats it reads.",
		"  slidetable version\n")
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return f.failf("want no arguments, got %d", len(pos))
	}
	version := "(unknown)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				version += " " + s.Value[:12]
			}
		}
	}
	_, err = fmt.Fprintf(e.stdout, "slidetable %s, %s\ntable format: versions 1 to %d\npattern database format: versions 1 to %d\n",
		version, runtime.Version(), table.FormatVersion, pdb.FormatVersion)
	return err
}
