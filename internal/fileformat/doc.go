// Package fileformat holds what the binary files of packages table and pdb
// share: the CRC-32C that every section carries, zstd frames with the
// settings they are written and read with, reads that report a short file
// as a truncated one, and writing a file's parts in order. The formats
// themselves live with their packages; this package only keeps each of
// these details in one place.
package fileformat
