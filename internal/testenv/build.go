package testenv

import (
	"fmt"
	"os"
	"os/exec"
)

// Build builds the command pkg into the file path, with the go command's
// build flags and the environment env added to this process's (such as
// GOOS=js and GOARCH=wasm).
//
// go build -o links the command anew on every call; go run keeps what it
// links in the build cache. So Build runs go run with cp as the program
// that runs the result (-exec), which copies the command to path: on a
// warm cache that costs the go command's start, not a link. Where there
// is no cp, it runs go build.
func Build(pkg, path string, flags []string, env ...string) error {
	args := append(append([]string{"build"}, flags...), "-o", path, pkg)
	if cp, err := exec.LookPath("cp"); err == nil {
		args = append(append([]string{"run", "-exec", cp}, flags...), pkg, path)
	}
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s %s: %v\n%s", args[0], pkg, err, out)
	}
	return nil
}
