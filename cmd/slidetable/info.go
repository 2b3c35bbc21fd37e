package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/internal/human"
	"github.com/slidetable/slidetable/source"
)

func runInfo(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "info", "slidetable info [-max-mem SIZE] [-json] FILE",
		"Print what the file FILE holds, of any kind slidetable reads (a table, a\n"+
			"pattern database or an abstraction tier, told apart by its first bytes):\n"+
			"its kind, the size of its boards, the metric and goal it answers in,\n"+
			"whether it answers exactly (a table) or with lower bounds that guide a\n"+
			"search, how many entries it holds, its length, its content hash (the\n"+
			"SHA-256 of the bytes read, which names its proof record), and why it may\n"+
			"answer without a proof: certified as it is read (a table of up to 10\n"+
			"cells), known (a copy of a file built into the program, or the 4x4\n"+
			"database 'slidetable build 4x4' writes, whose hash the program knows),\n"+
			"recorded (a proof of these bytes is recorded in the folder of installed\n"+
			"files), or none (it is proven on its first use). Reads the file, proves\n"+
			"nothing.",
		"  slidetable info blank-first.tbl\n  slidetable info -json 4x3.tbl\n")
	f.addMemFlag()
	asJSON := f.Bool("json", false, `print {"path":"...","kind":"table","size":"4x3","metric":"single","goal":[...],"exact":true,"entries":...,"bytes":...,"hash":"...","proof":"recorded","record":"..."} (see the manual)`)
	pos, err := f.parse(args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return f.failf("want one file, got %d arguments", len(pos))
	}
	info, err := f.resolver().Inspect(pos[0])
	if err != nil {
		return memoryError(f.fileError(err))
	}
	if *asJSON {
		return writeJSONLine(e.stdout, info.Describe())
	}
	return writeInfo(e, info)
}

// writeInfo prints info for a person, a line a fact.
func writeInfo(e *env, info source.FileInfo) error {
	var sb strings.Builder
	how := "lower bounds that guide an optimal search"
	if info.Exact {
		how = "exact distances"
	}
	fmt.Fprintf(&sb, "file: %s\n", info.Path)
	fmt.Fprintf(&sb, "kind: %s (%s)\n", info.Kind, how)
	fmt.Fprintf(&sb, "size: %s\n", info.Goal.Size())
	fmt.Fprintf(&sb, "metric: %s-tile moves\n", info.Metric)
	if info.Goal == board.Goal(info.Goal.Size()) {
		fmt.Fprintf(&sb, "goal: the standard goal, %s\n", info.Goal)
	} else {
		fmt.Fprintf(&sb, "goal: %s\n", info.Goal)
	}
	fmt.Fprintf(&sb, "entries: %s %s\n", human.Group(info.Entries), info.Unit)
	fmt.Fprintf(&sb, "bytes: %s (%s)\n", human.Group(uint64(info.Bytes)), human.Bytes(uint64(info.Bytes)))
	if info.HashKnown {
		fmt.Fprintf(&sb, "content hash: %x\n", info.Hash)
	}
	switch {
	case info.Proof == source.Certified:
		fmt.Fprintf(&sb, "proof: certified as it is read (%s of up to %d cells)\n", info.Kind.WithArticle(), info.Kind.CertifiedCells())
	case info.Proof == source.Known && info.Builtin:
		sb.WriteString("proof: known (a copy of a file built into the program, proven by its tests)\n")
	case info.Proof == source.Known:
		metric := ""
		if info.Metric == board.MultiTile {
			metric = "-metric multi "
		}
		fmt.Fprintf(&sb, "proof: known (not built in: its content hash is that of the %s 'slidetable build %s%s' writes, the same bytes on every machine, which the program knows)\n", info.Kind, metric, info.Goal.Size())
	case info.Proof == source.Recorded:
		fmt.Fprintf(&sb, "proof: recorded in %s\n", info.Record)
	default:
		sb.WriteString("proof: none yet (proven on its first use, then recorded)\n")
	}
	_, err := fmt.Fprint(e.stdout, sb.String())
	return err
}
