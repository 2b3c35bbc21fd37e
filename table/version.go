package table

// FormatVersion is the newest version of the format before the container
// (package internal/container). This package reads every version from 1
// to FormatVersion, and the container; it writes the container: records,
// read in place, for boards of 11 and 12 cells, and depths read whole for
// smaller ones (see the package documentation).
const FormatVersion = version2

// Magic is the first bytes of a table file written before the container,
// which this package still reads.
const Magic = magic
