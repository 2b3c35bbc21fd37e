package source

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"

	"github.com/slidetable/slidetable/api"
	"github.com/slidetable/slidetable/board"
)

// Proof says why a file may answer without a proof when it is used.
type Proof int

// The reasons, as Resolver.Inspect finds them.
const (
	// Unproven is a file proven on its first use, and then recorded.
	Unproven Proof = iota
	// Certified is a table of at most table.CertifiedCells cells, which
	// its reader proves as it reads it.
	Certified
	// Known is a file whose content hash the program knows: a copy of a
	// file built into it (FileInfo.Builtin), or of one a build writes the
	// same on every machine, whose recipe knows its hash (the pattern
	// database 'slidetable build 4x4' writes); its tests prove them.
	Known
	// Recorded is a file whose proof is recorded under its content hash
	// in the folder of records, by a record that is trusted.
	Recorded
)

// String returns "none", "certified", "known" or "recorded".
func (p Proof) String() string {
	switch p {
	case Certified:
		return "certified"
	case Known:
		return "known"
	case Recorded:
		return "recorded"
	}
	return "none"
}

// FileInfo is what a file holds, as its reader found it, and how it is
// proven (Resolver.Inspect).
type FileInfo struct {
	Path    string
	Kind    Kind
	Goal    board.Board  // its size is the size of the boards it answers
	Metric  board.Metric // see Source.Metric
	Exact   bool         // a table, rather than lower bounds for a search
	Entries uint64       // see Source.Entries
	Unit    string       // what Entries counts: "boards", "entries", "arrangements"
	Bytes   int64        // the file's length
	// Hash is the content hash of the bytes read (see the package
	// documentation), if HashKnown.
	Hash      [sha256.Size]byte
	HashKnown bool
	Proof     Proof
	// Builtin says, for Known, that the file is a copy of one built into
	// the program; otherwise its recipe knows its hash (the pattern
	// database 'slidetable build 4x4' writes).
	Builtin bool
	// Record is the path of the record of the file's proof, for
	// Recorded.
	Record string
}

// Describe returns i as 'slidetable info -json' prints it (api.Info).
func (i FileInfo) Describe() api.Info {
	out := api.Info{Path: filepath.ToSlash(i.Path), Kind: i.Kind.String(), Size: i.Goal.Size(), Metric: i.Metric.String(),
		Goal: i.Goal, Exact: i.Exact, Entries: i.Entries, Bytes: i.Bytes, Proof: i.Proof.String(), Record: i.Record}
	if i.HashKnown {
		out.Hash = hex.EncodeToString(i.Hash[:])
	}
	return out
}

// Inspect reads the file at path, of any kind, and says what it holds and
// how it is proven, without proving it: a record of its proof
// counts only if it is trusted (see the package documentation), as when
// the file is used. Its errors are those of Open's reading.
func (r *Resolver) Inspect(path string) (FileInfo, error) {
	src, err := r.read(path, File)
	if err != nil {
		return FileInfo{}, err
	}
	defer src.Close()
	fi, err := os.Stat(path)
	if err != nil {
		return FileInfo{}, err
	}
	info := FileInfo{Path: path, Kind: src.Kind(), Goal: src.Goal(), Metric: src.Metric(), Exact: src.Exact(),
		Entries: src.Entries(), Unit: src.Kind().codec().Unit, Bytes: fi.Size()}
	info.Hash, info.HashKnown = src.Hash()
	switch {
	case r.certified(src.Kind(), src.Size()):
		info.Proof = Certified
	case !info.HashKnown:
	case known()[info.Hash]:
		info.Proof, info.Builtin = Known, builtin()[info.Hash]
	case r.recorded(info.Hash):
		info.Proof, info.Record = Recorded, r.recordPath(info.Hash)
	}
	return info, nil
}
