// Command hello prints its arguments, for the test of testenv.Build.
package main

import (
	"fmt"
	"os"
)

func main() { fmt.Println(os.Args[1:]) }
