package table

// FormatVersion is the version of the file format that Write writes and
// NewReader reads.
const FormatVersion = version

// Magic is the first bytes of every table file, by which a reader tells a
// table from another file (such as a pattern database) before reading it.
const Magic = magic
