//go:build !unix

package source

import "os"

// recordsTrustable says whether this system tells who owns a file, so that
// a record can be trusted only when no other user could have written it.
// Here it does not: no record is written or trusted, and each use of a
// file that needs a proof proves it.
const recordsTrustable = false

// openRecord fails: see recordsTrustable.
func openRecord(string) (*os.File, error) { return nil, errNoOwners }

// trusted fails: see recordsTrustable.
func (r *Resolver) trusted(*os.File) error { return errNoOwners }
