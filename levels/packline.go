package levels

import (
	"bytes"
	"encoding/json"
	"errors"
)

// decodeLine decodes one line of a pack file into e: a line as
// json.Encoder writes a PackEntry (its fields in order, no spaces, no
// escapes, integers as digits) by scanLine, else, whatever its layout, by
// encoding/json, which refuses unknown fields and a second value.
//
// The scan is the fast path: reading a pack of 2,800 lines with
// encoding/json alone takes 1.3-1.9 s in a fresh WebAssembly module (the
// first 4x4 multi-tile call of a page), the scan 0.3-0.4 s. Where it
// takes a line, encoding/json would give the same entry (FuzzScanLine).
func decodeLine(line []byte, e *PackEntry) error {
	if scanLine(line, e) {
		return nil
	}
	*e = PackEntry{}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(e); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one entry")
	}
	return nil
}

// scanLine reads line into e and reports true if line is exactly
//
//	{"size":S,"metric":S,"board":A,"distance":N,"solution":A,"uniform":B[,"hints":A][,"near":true]}
//
// where S is a string without backslashes, N a non-negative integer
// written with no leading zero, A an array of such integers and B true or
// false; otherwise it reports false, e in any state.
func scanLine(line []byte, e *PackEntry) bool {
	s := lineScanner{rest: line}
	ok := s.key(`{"size":`) && s.str(&e.Size) &&
		s.key(`,"metric":`) && s.str(&e.Metric) &&
		s.key(`,"board":`) && s.ints(&e.Board) &&
		s.key(`,"distance":`) && s.int(&e.Distance) &&
		s.key(`,"solution":`) && s.ints(&e.Solution) &&
		s.key(`,"uniform":`) && s.boolean(&e.Uniform)
	if ok && s.key(`,"hints":`) {
		ok = s.ints(&e.Hints)
	}
	if ok && s.key(`,"near":true`) {
		e.Near = true
	}
	return ok && s.key("}") && len(s.rest) == 0
}

// lineScanner reads a line of a pack from its start; each method reads
// one token, and consumes it only if it is there.
type lineScanner struct {
	rest []byte
}

// key reads the bytes k.
func (s *lineScanner) key(k string) bool {
	if !bytes.HasPrefix(s.rest, []byte(k)) {
		return false
	}
	s.rest = s.rest[len(k):]
	return true
}

// boolean reads true or false into b.
func (s *lineScanner) boolean(b *bool) bool {
	switch {
	case s.key("true"):
		*b = true
	case s.key("false"):
		*b = false
	default:
		return false
	}
	return true
}

// str reads a string without backslashes, which stands for its bytes,
// into v.
func (s *lineScanner) str(v *string) bool {
	if len(s.rest) == 0 || s.rest[0] != '"' {
		return false
	}
	end := bytes.IndexByte(s.rest[1:], '"')
	if end < 0 {
		return false
	}
	body := s.rest[1 : 1+end]
	for _, c := range body {
		// Where JSON says more than the bytes: an escape, a control
		// character, or what may not be UTF-8.
		if c == '\\' || c < 0x20 || c >= 0x80 {
			return false
		}
	}
	*v = string(body)
	s.rest = s.rest[2+end:]
	return true
}

// int reads a non-negative integer, its digits with no leading zero and
// at most 9 of them, into v.
func (s *lineScanner) int(v *int) bool {
	n, i := 0, 0
	for i < len(s.rest) && i < 10 && '0' <= s.rest[i] && s.rest[i] <= '9' {
		n = n*10 + int(s.rest[i]-'0')
		i++
	}
	if i == 0 || i == 10 || i > 1 && s.rest[0] == '0' {
		return false
	}
	*v = n
	s.rest = s.rest[i:]
	return true
}

// ints reads an array of integers, each as int reads them, into v.
func (s *lineScanner) ints(v *[]int) bool {
	if !s.key("[") {
		return false
	}
	out := make([]int, 0, 16)
	if s.key("]") {
		*v = out
		return true
	}
	for {
		var n int
		if !s.int(&n) {
			return false
		}
		out = append(out, n)
		if s.key("]") {
			*v = out
			return true
		}
		if !s.key(",") {
			return false
		}
	}
}
