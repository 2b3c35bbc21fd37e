package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/slidetable/slidetable/source"
)

func runVersion(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "version", "slidetable version",
		"Print the version of the program (the module version it was built from,\n"+
			"or (devel) for a build from a working copy, with the commit where the\n"+
			"build recorded one), the Go version that built it, and the versions of\n"+
			"the file formats it reads: the container, which holds tables, pattern\n"+
			"databases and abstraction tiers, and the formats before it.",
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
	_, err = fmt.Fprintf(e.stdout, "slidetable %s, %s\n%s\n", version, runtime.Version(), strings.Join(source.Formats(), "\n"))
	return err
}
