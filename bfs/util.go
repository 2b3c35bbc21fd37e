package bfs

import (
	"fmt"

	"github.com/slidetable/slidetable/internal/human"
)

// words writes a large count in words: "10.5 trillion".
func words(x uint64) string {
	switch {
	case x >= 1e12:
		return fmt.Sprintf("%.1f trillion", float64(x)/1e12)
	case x >= 1e9:
		return fmt.Sprintf("%.1f billion", float64(x)/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.1f million", float64(x)/1e6)
	}
	return human.Group(x)
}
