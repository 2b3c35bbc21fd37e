// Package build makes distance tables: it runs the breadth-first search of
// package bfs from a goal and turns its result into a table.Table, checked
// and ready to look up or write.
//
//	t, err := build.Table(ctx, board.Goal(board.Size{W: 4, H: 3}), nil)
//	err = table.WriteFile(ctx, "4x3.tbl", t)
//
// It lives apart from package table so that code that only reads tables,
// such as package data, does not link the search.
package build
