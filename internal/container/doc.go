// Package container holds what the binary files of package table and
// package pdb share: the CRC-32C table, the zstd encoder settings, reads
// that report a short file as a truncated one, work spread over all cores,
// and writing a file through a temporary name renamed into place.
package container
