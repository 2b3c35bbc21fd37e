package source

// The kinds of file of this program: linking their packages registers
// their codecs with the container (internal/container.Register), through
// which the resolver reads, describes, proves and builds every file, and
// a program that asks this package for files reads every kind.
import (
	_ "github.com/slidetable/slidetable/abstraction"
	_ "github.com/slidetable/slidetable/pdb"
	_ "github.com/slidetable/slidetable/table"
)
