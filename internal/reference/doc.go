// Package reference is a slow, obviously correct breadth-first search over
// boards held in a map, used by tests to check the fast code state by state.
package reference
