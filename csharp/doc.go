// Package csharp holds the C# binding of the C library of package c
// (libslidetable), for Unity, Godot and other .NET programs: the folder
// Slidetable is the binding (P/Invoke declarations of c/slidetable.h,
// SafeHandles for tables and cancel tokens, one exception type with the
// library's error kinds, Async calls that take a CancellationToken),
// written in C# 4 (but for the overloads that take spans, compiled only
// where there are spans) so that older compilers take it too;
// tests/Tests.cs is its test program. README.md says where the native library goes in a
// Unity or Godot project.
//
// The Go tests of this folder build the library from the sources as they
// are, compile the binding and its test program with mcs (Mono's C#
// compiler) and run the program with mono, giving it the Go library's
// answers to compare with; they also run the README's C# example. Without
// mcs and mono (or a C compiler, to build the library) they skip with a
// one-line notice, unless CI=true or SLIDETABLE_CSHARP=1 makes them
// required (internal/testenv). The Go package itself holds no code.
package csharp
