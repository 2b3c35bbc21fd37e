package human

import (
	"errors"
	"strings"
)

// Message returns err's message for a person: without the package names
// that begin the errors of Go packages ("board: tile 7 appears twice"
// reads "tile 7 appears twice"). People know boards, sizes and files, not
// packages.
//
// A package name is recognised, not listed: it is a word (lower-case
// letters and digits) that begins the message of an error in err's tree
// (err and what it wraps, through Unwrap), followed by ": ". Every part of
// the message (parts are separated by ": ") that is such a word is left
// out, so a package renamed or added needs no change here.
func Message(err error) string {
	if err == nil {
		return ""
	}
	names := make(map[string]bool)
	prefixes(err, names)
	parts := strings.Split(err.Error(), ": ")
	kept := parts[:0]
	for _, p := range parts {
		if !names[p] {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ": ")
}

// prefixes adds to names the package name that begins the message of
// err and of every error it wraps.
func prefixes(err error, names map[string]bool) {
	for err != nil {
		if word, _, ok := strings.Cut(err.Error(), ": "); ok && packageName(word) {
			names[word] = true
		}
		switch u := err.(type) {
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				prefixes(e, names)
			}
			return
		default:
			err = errors.Unwrap(err)
		}
	}
}

// packageName reports whether word can be a Go package's name as errors
// begin with it: lower-case letters and digits, starting with a letter.
func packageName(word string) bool {
	if word == "" || word[0] < 'a' || word[0] > 'z' {
		return false
	}
	for _, c := range []byte(word) {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}
