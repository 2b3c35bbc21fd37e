package source

import (
	"os"
	"testing"
)

// BenchmarkHash hashes the file $SLIDETABLE_BENCH_FILE, such as the large
// 4x4 pattern database (82 MB): what a later use of a recorded file costs.
func BenchmarkHash(b *testing.B) {
	path := os.Getenv("SLIDETABLE_BENCH_FILE")
	if path == "" {
		b.Skip("set SLIDETABLE_BENCH_FILE to a file to hash")
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	for b.Loop() {
		if _, err := Hash(path); err != nil {
			b.Fatal(err)
		}
	}
}
