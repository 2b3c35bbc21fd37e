package mem

import (
	"os"
	"strconv"
	"strings"
	"sync"
)

// fallbackPhysical is what Physical answers where the machine's memory
// cannot be read: 8 GB.
const fallbackPhysical = 8e9

// Physical returns the memory this process's machine has, in bytes: the
// MemTotal of /proc/meminfo, or the memory limit of the process's control
// group (cgroup v2 memory.max) if that is less; 8 GB where neither can be
// read.
func Physical() uint64 { return physical() }

var physical = sync.OnceValue(func() uint64 {
	total := uint64(fallbackPhysical)
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		total = parseMemTotal(string(b))
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && v > 0 {
			total = min(total, v)
		}
	}
	return total
})

// parseMemTotal returns the MemTotal line of /proc/meminfo in bytes, or
// fallbackPhysical if there is none.
func parseMemTotal(meminfo string) uint64 {
	for line := range strings.Lines(meminfo) {
		rest, ok := strings.CutPrefix(line, "MemTotal:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			break
		}
		if kb, err := strconv.ParseUint(f[0], 10, 64); err == nil && kb > 0 && kb < 1<<54 {
			return kb * 1024
		}
		break
	}
	return fallbackPhysical
}

// DefaultLimit returns the memory a reader, a build or a proof may
// allocate when no limit is given: half the physical memory (Physical),
// or half the process's address-space limit (ulimit -v) if that is less,
// so that a refusal comes before the runtime runs out of memory.
func DefaultLimit() uint64 {
	limit := Physical() / 2
	if as, ok := addressSpace(); ok {
		limit = min(limit, as/2)
	}
	return limit
}

// Limit returns max, or DefaultLimit if max is 0.
func Limit(max uint64) uint64 {
	if max == 0 {
		return DefaultLimit()
	}
	return max
}
