package main

import (
	"fmt"
	"os"
)

// main is not run in the library (a c-shared build ignores it); built as
// a program, the package says what it is.
func main() {
	fmt.Fprintln(os.Stderr, "libslidetable is a library: build it with go build -buildmode=c-shared -o libslidetable.so ./c and include c/slidetable.h")
	os.Exit(2)
}
