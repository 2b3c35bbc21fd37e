//go:build !unix

package main

import "errors"

// haveFileLimit says whether setFileLimit can set a limit here.
const haveFileLimit = false

// setFileLimit reports that this system has no limit of open files to set.
func setFileLimit(string) error { return errors.ErrUnsupported }
