package levels

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/slidetable/slidetable/board"
	"github.com/slidetable/slidetable/data"
)

// jsonLine decodes line as decodeLine does when scanLine does not take
// it: the reference of the scan.
func jsonLine(line []byte) (PackEntry, bool) {
	var e PackEntry
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	err := dec.Decode(&e)
	return e, err == nil && !dec.More()
}

// TestScanLine checks that scanLine takes every line of the built-in
// packs, as json.Encoder writes them, and a PackEntry with every field
// set, and reads each as encoding/json does; and that it leaves to
// encoding/json the lines of other layouts, which it reads the same.
func TestScanLine(t *testing.T) {
	lines := 0
	for _, size := range []board.Size{{W: 3, H: 3}, {W: 4, H: 4}} {
		for _, m := range []board.Metric{board.SingleTile, board.MultiTile} {
			b, err := data.PackFile(size, m)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(bytes.NewReader(b))
			for sc.Scan() {
				var got PackEntry
				want, ok := jsonLine(sc.Bytes())
				if !scanLine(sc.Bytes(), &got) || !ok || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s: %s: scanned %+v, encoding/json %+v (%v)", size, m, sc.Bytes(), got, want, ok)
				}
				lines++
			}
		}
	}
	full, _ := json.Marshal(PackEntry{Size: "4x4", Metric: "multi", Board: []int{0, 10}, Distance: 123456789, Solution: []int{}, Uniform: true, Hints: []int{7}, Near: true})
	var e PackEntry
	if !scanLine(full, &e) || e.Distance != 123456789 || !e.Near || len(e.Hints) != 1 || !e.Uniform || len(e.Board) != 2 {
		t.Errorf("%s: scanned %+v", full, e)
	}
	for _, line := range []string{
		` {"size":"3x3","metric":"single","board":[1],"distance":1,"solution":[8],"uniform":true}`,
		`{"metric":"single","size":"3x3","board":[1],"distance":1,"solution":[8],"uniform":true}`,
		`{"size":"3\u0078","metric":"single","board":[1],"distance":1,"solution":[8],"uniform":true}`,
		`{"size":"3x3","metric":"single","board":[1],"distance":1e0,"solution":[8],"uniform":true}`,
		`{"size":"3x3","metric":"single","board":[01],"distance":1,"solution":[8],"uniform":true}`,
		`{"size":"3x3","metric":"single","board":[-1],"distance":1,"solution":[8],"uniform":true}`,
		`{"size":"3x3","metric":"single","board":[1],"distance":1234567890,"solution":[8],"uniform":true}`,
		`{"size":"3x3","metric":"single","board":null,"distance":1,"solution":[8],"uniform":true}`,
		`{"size":"3x3","metric":"single","board":[1],"distance":1,"solution":[8],"uniform":true,"near":false}`,
		`{"size":"3x3","metric":"single","board":[1],"distance":1,"solution":[8],"uniform":true}{}`,
	} {
		var e PackEntry
		if scanLine([]byte(line), &e) {
			t.Errorf("%s: scanned", line)
		}
		want, ok := jsonLine([]byte(line))
		var got PackEntry
		if err := decodeLine([]byte(line), &got); (err == nil) != ok || ok && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: decoded %+v (%v), encoding/json %+v (%v)", line, got, err, want, ok)
		}
	}
	if lines < 1000 {
		t.Errorf("%d lines of the packs scanned", lines)
	}
}

// FuzzScanLine checks that whatever line scanLine takes, encoding/json
// takes too (unknown fields refused, one value) and reads as the same
// entry.
func FuzzScanLine(f *testing.F) {
	for _, line := range []string{
		`{"size":"3x3","metric":"single","board":[1,2,3,4,5,6,7,0,8],"distance":1,"solution":[8],"uniform":true}`,
		`{"size":"4x4","metric":"multi","board":[0],"distance":37,"solution":[1,2],"uniform":false,"hints":[3,9],"near":true}`,
		`{"size":"4x4","metric":"multi","board":[],"distance":0,"solution":[],"uniform":false,"hints":[]}`,
	} {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var got PackEntry
		if !scanLine(line, &got) {
			return
		}
		want, ok := jsonLine(line)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: scanned %+v, encoding/json %+v (%v)", line, got, want, ok)
		}
	})
}
