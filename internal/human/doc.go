// Package human formats for people: counts with thousands separators,
// byte sizes in decimal units, error messages without package names, and
// long input clipped where a message quotes it. Error messages and command
// output share it so that they write these alike.
package human
