//go:build !unix

package main

import (
	"errors"

	"github.com/slidetable/slidetable/server"
)

// fileReserve is how many open files serve keeps for other than the
// connections of -max-conns.
const fileReserve = 64 + server.MaxExtraConns + 1

// raiseFileLimit reports that this system has no limit serve knows of.
func raiseFileLimit() (uint64, error) { return 0, errors.ErrUnsupported }
