//go:build !unix

package server_test

import (
	"context"
	"errors"
	"net"
)

// smallWindows says whether dialSmallWindow can shrink a receive window.
const smallWindows = false

func dialSmallWindow(context.Context, string) (net.Conn, error) { return nil, errors.ErrUnsupported }

func wasReset(net.Conn) bool { return false }

func hasBytes(net.Conn) bool { return false }

func fileLimit() uint64 { return 0 }
