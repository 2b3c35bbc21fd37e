package table

// FormatVersion is the newest version of the file format. This package
// reads every version from 1 to FormatVersion, and writes version 2, read
// in place, for boards of 11 and 12 cells, version 1, compressed and read
// whole, for smaller ones (see the package documentation).
const FormatVersion = version2

// Magic is the first bytes of every table file, by which a reader tells a
// table from another file (such as a pattern database) before reading it.
const Magic = magic
