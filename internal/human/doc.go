// Package human formats numbers for people: counts with thousands
// separators and byte sizes in decimal units. Error messages and command
// output share it so that they write numbers alike.
package human
