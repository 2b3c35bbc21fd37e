package table

// FormatVersion is the version of the file format that Write writes and
// NewReader reads.
const FormatVersion = version
