//go:build !unix

package main

import "errors"

// fileReserve is how many open files serve keeps for other than
// connections.
const fileReserve = 64

// raiseFileLimit reports that this system has no limit serve knows of.
func raiseFileLimit() (uint64, error) { return 0, errors.ErrUnsupported }
