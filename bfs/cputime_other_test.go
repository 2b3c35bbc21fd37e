//go:build !unix

package bfs_test

// cpuTime is not measured on this system.
func cpuTime() int64 { return 0 }
