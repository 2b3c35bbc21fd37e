// The tests of the C# binding: a program, compiled with the binding, that
// compares its answers with the Go library's (read from the file named by
// its argument, which csharp_test.go writes) and checks errors, disposal,
// cancellation and the Async calls. It prints each failure, then
// "N passed, M failed", and exits 1 if any check failed.

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Slidetable;

static class Tests
{
    static int passed, failed;

    /// <summary>A 5x5 board far beyond any search's reach in the time of a test.</summary>
    const string Far5x5 = "5 19 7 1 23/18 22 14 21 0/12 6 2 11 13/9 3 4 17 24/16 20 15 10 8";

    /// <summary>A 4x4 board 79 moves from the goal (next to one of 80): minutes of search.</summary>
    const string Deep4x4 = "12 0 9 13/15 11 10 14/3 7 2 5/4 8 6 1";

    static int Main(string[] args)
    {
        if (args.Length == 1 && args[0] == "-exit-searching")
        {
            return ExitSearching();
        }
        if (args.Length == 1 && args[0] == "-no-library")
        {
            return NoLibrary();
        }
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: tests.exe EXPECT (the Go answers, written by csharp_test.go)");
            Console.Error.WriteLine("       tests.exe -exit-searching");
            Console.Error.WriteLine("       tests.exe -no-library");
            return 2;
        }
        var records = File.ReadAllLines(args[0]).Select(line => line.Split('\t')).ToList();
        Console.WriteLine("records " + records.Count);
        Group("library", Library_);
        Group("every 3x3 board", () => Every3x3(records));
        Group("boards", () => Boards(records));
        Group("levels", () => Levels(records));
        Group("random boards", () => RandomBoards(records));
        Group("bad boards", () => BadBoards(records));
        Group("a table file", () => TableFile(records));
        Group("errors", () => Errors(records));
        Group("batches", () => Batches(records));
        Group("a closed table", ClosedTable);
        Group("another goal", OtherGoal);
        Group("letters", Letters);
        Group("text holding a NUL", Nul);
        Group("time limits", TimeLimits);
        Group("cancellation", Cancellation);
        Group("closing under a search", CloseUnderSearch);
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }

    // ---- the assertion runner ----

    /// <summary>Runs a group of checks; an exception it lets out is one failure.</summary>
    static void Group(string name, Action checks)
    {
        var watch = Stopwatch.StartNew();
        try
        {
            checks();
        }
        catch (Exception e)
        {
            Fail(name + ": " + e);
        }
        Console.WriteLine("-- " + name + " (" + watch.Elapsed.TotalSeconds.ToString("0.00") + " s)");
    }

    static void Fail(string what)
    {
        failed++;
        Console.WriteLine("FAIL " + what);
    }

    static void Check(bool ok, string what)
    {
        if (ok)
        {
            passed++;
        }
        else
        {
            Fail(what);
        }
    }

    static void Equal<T>(T got, T want, string what)
    {
        Check(EqualityComparer<T>.Default.Equals(got, want), what + ": got " + Show(got) + ", want " + Show(want));
    }

    static void Same<T>(IList<T> got, IList<T> want, string what)
    {
        if (got == null || want == null)
        {
            Check(got == null && want == null, what + ": got " + Show(got) + ", want " + Show(want));
            return;
        }
        int i = 0;
        while (i < got.Count && i < want.Count && EqualityComparer<T>.Default.Equals(got[i], want[i]))
        {
            i++;
        }
        Check(i == got.Count && i == want.Count, what + ": " + got.Count + " and " + want.Count +
            " elements, first difference at " + i + (i < got.Count && i < want.Count
                ? " (" + got[i] + ", want " + want[i] + ")"
                : ""));
    }

    static string Show(object v)
    {
        if (v == null)
        {
            return "null";
        }
        var list = v as System.Collections.IEnumerable;
        if (list != null && !(v is string))
        {
            return "[" + string.Join(" ", list.Cast<object>()) + "]";
        }
        return v.ToString();
    }

    /// <summary>Checks that f throws E (and that check, if given, holds of it); returns it.</summary>
    static E Throws<E>(Action f, string what, Func<E, bool> check = null) where E : Exception
    {
        try
        {
            f();
        }
        catch (E e)
        {
            Check(check == null || check(e), what + ": " + e.GetType().Name + " " + Describe(e));
            return e;
        }
        catch (Exception e)
        {
            Fail(what + ": threw " + e.GetType().Name + " " + Describe(e) + ", want " + typeof(E).Name);
            return null;
        }
        Fail(what + ": threw nothing, want " + typeof(E).Name);
        return null;
    }

    /// <summary>Throws for a SlidetableException of kind (and message, if given).</summary>
    static SlidetableException ThrowsKind(Action f, ErrorKind kind, string what, string message = null)
    {
        return Throws<SlidetableException>(f, what + " (want " + kind + (message == null ? "" : ": " + message) + ")",
            e => e.Kind == kind && e.Status == (int)kind && (message == null || e.Message == message));
    }

    /// <summary>The exception a task ended with (the first of an AggregateException), or null.</summary>
    static Exception Outcome(Task task, TimeSpan bound, string what)
    {
        try
        {
            if (!task.Wait(bound))
            {
                Fail(what + ": still running after " + bound.TotalSeconds + " s");
                return null;
            }
        }
        catch (AggregateException e)
        {
            return e.InnerExceptions[0];
        }
        return null;
    }

    static string Describe(Exception e)
    {
        var s = e as SlidetableException;
        return s != null ? s.Kind + " \"" + s.Message + "\"" + (s.Index == null ? "" : " at " + s.Index)
            : "\"" + e.Message + "\"";
    }

    // ---- reading the Go answers ----

    static byte[] Cells(string text)
    {
        return text == "" ? new byte[0] : text.Split(',').Select(byte.Parse).ToArray();
    }

    static int[] Ints(string text)
    {
        return text == "" ? new int[0] : text.Split(',').Select(int.Parse).ToArray();
    }

    static Metric MetricOf(string name)
    {
        return name == "multi" ? Metric.Multi : Metric.Single;
    }

    static IEnumerable<string[]> Of(List<string[]> records, string kind)
    {
        var rs = records.Where(r => r[0] == kind).ToList();
        Check(rs.Count > 0, "no " + kind + " records in the Go answers");
        return rs;
    }

    /// <summary>Every permutation of 0..n-1 in lexicographic order, one after the other.</summary>
    static byte[] Permutations(int n)
    {
        var p = Enumerable.Range(0, n).Select(i => (byte)i).ToArray();
        var all = new List<byte>();
        while (true)
        {
            all.AddRange(p);
            int i = n - 2;
            while (i >= 0 && p[i] >= p[i + 1])
            {
                i--;
            }
            if (i < 0)
            {
                return all.ToArray();
            }
            int j = n - 1;
            while (p[j] <= p[i])
            {
                j--;
            }
            byte t = p[i];
            p[i] = p[j];
            p[j] = t;
            Array.Reverse(p, i + 1, n - i - 1);
        }
    }

    static byte[] Board(byte[] boards, int i, int n)
    {
        var b = new byte[n];
        Array.Copy(boards, i * n, b, 0, n);
        return b;
    }

    /// <summary>
    /// Plays moves from board (each the tile that slides into the blank,
    /// or in multi-tile moves the tile tapped) on a board of width w, and
    /// returns where they lead, or null at a move that is not one.
    /// </summary>
    static byte[] Play(byte[] board, byte[] moves, int w, Metric metric)
    {
        var b = (byte[])board.Clone();
        foreach (byte tile in moves)
        {
            int z = Array.IndexOf(b, (byte)0), i = Array.IndexOf(b, tile);
            if (tile == 0 || i < 0)
            {
                return null;
            }
            int zr = z / w, zc = z % w, ir = i / w, ic = i % w;
            int dist = Math.Abs(zr - ir) + Math.Abs(zc - ic);
            if ((zr != ir && zc != ic) || (metric == Metric.Single && dist != 1))
            {
                return null;
            }
            int step = zr == ir ? Math.Sign(ic - zc) : Math.Sign(ir - zr) * w;
            for (int p = z; p != i; p += step)
            {
                b[p] = b[p + step];
            }
            b[i] = 0;
        }
        return b;
    }

    static byte[] StandardGoal(int n)
    {
        var g = new byte[n];
        for (int i = 0; i < n - 1; i++)
        {
            g[i] = (byte)(i + 1);
        }
        return g;
    }

    // ---- the checks ----

    static void Library_()
    {
        Equal(Library.InterfaceVersion, 1, "InterfaceVersion");
        Equal(Library.LoadedVersion, Library.InterfaceVersion, "LoadedVersion");
        Equal(Library.Warnings, "", "Warnings with a cache folder of its own");
        int w, h;
        Library.ParseSize("4x3", out w, out h);
        Check(w == 4 && h == 3, "ParseSize(\"4x3\"): " + w + "x" + h);
        ThrowsKind(() => Library.ParseSize("4x", out w, out h), ErrorKind.Input, "ParseSize(\"4x\")");
        Throws<ArgumentNullException>(() => Library.ParseSize(null, out w, out h), "ParseSize(null)");
        Same(Library.Parse(3, 3, "8 6 7/2 5 4/3 0 1"), new byte[] { 8, 6, 7, 2, 5, 4, 3, 0, 1 }, "Parse");
        Same(Library.Parse(3, 3, "8,6,7,2,5,4,3,0,1"), new byte[] { 8, 6, 7, 2, 5, 4, 3, 0, 1 }, "Parse with commas");
    }

    /// <summary>
    /// Every 3x3 board's distance, in both metrics, one at a time, in a
    /// batch (an array, spans, the Async form) and from two threads at
    /// once, against the Go table's.
    /// </summary>
    static void Every3x3(List<string[]> records)
    {
        byte[] boards = Permutations(9);
        int count = boards.Length / 9;
        foreach (var r in Of(records, "every3x3"))
        {
            Metric metric = MetricOf(r[1]);
            int[] want = Ints(r[2]);
            string m = " (" + r[1] + ")";
            Equal(want.Length, count, "the Go answers' boards" + m);
            using (var t = Table.Open("3x3", metric))
            {
                Check(t.Width == 3 && t.Height == 3 && t.CellCount == 9 && t.Size == "3x3" && t.Metric == metric &&
                    t.IsExact, "the 3x3 table" + m + ": " + t);
                Equal(t.MaxDistance, (int?)want.Max(), "MaxDistance" + m);
                Same(t.Goal, StandardGoal(9), "Goal" + m);
                Check(t.Description.Contains("3x3"), "Description " + t.Description);

                Same(t.Distances(boards), want, "Distances(byte[])" + m);
                Same(t.DistancesAsync(boards).Result, want, "DistancesAsync(byte[])" + m);
                var into = new int[count + 5];
                for (int i = count; i < into.Length; i++)
                {
                    into[i] = 99;
                }
                t.Distances(boards, into);
                Same(into.Take(count).ToList(), want, "Distances(byte[], int[])" + m);
                Check(into.Skip(count).All(d => d == 99), "Distances(byte[], int[]) wrote past the boards" + m);
                var part = new int[1000];
                t.Distances(new ReadOnlySpan<byte>(boards, 9 * 5000, 9 * 1000), new Span<int>(part));
                Same(part, want.Skip(5000).Take(1000).ToList(), "Distances(span, span)" + m);

                int wrong = 0, unsolvable = 0;
                for (int i = 0; i < count; i++)
                {
                    byte[] b = Board(boards, i, 9);
                    int? d = t.Distance(b);
                    if ((d ?? Table.Unsolvable) != want[i] || t.IsSolvable(b) != (want[i] != Table.Unsolvable))
                    {
                        wrong++;
                    }
                    if (d == null)
                    {
                        unsolvable++;
                    }
                }
                Equal(wrong, 0, "boards whose Distance or IsSolvable differ from Go's" + m);
                Equal(unsolvable, count / 2, "boards that cannot reach the goal" + m);

                // Two threads ask the table every board at once, each from another start.
                var askers = new[] { 0, count / 2 }.Select(from => Task.Run(() =>
                {
                    int differ = 0;
                    for (int k = 0; k < count; k++)
                    {
                        int i = (from + k) % count;
                        if ((t.Distance(Board(boards, i, 9)) ?? Table.Unsolvable) != want[i])
                        {
                            differ++;
                        }
                    }
                    return differ;
                })).ToArray();
                Equal(askers.Sum(a => a.Result), 0, "answers that differ from Go's, two threads asking at once" + m);

                // Every thousandth board as text, in one call.
                var texts = new List<string>();
                var sample = new List<int>();
                for (int i = 0; i < count; i += 1000)
                {
                    texts.Add(string.Join(",", Board(boards, i, 9)));
                    sample.Add(want[i]);
                }
                Same(t.Distances(texts), sample, "Distances(IList<string>)" + m);
            }
        }
    }

    /// <summary>
    /// Distance, hints and a solution of boards of 3x3 (both metrics, a
    /// table) and 4x4 (Korf's ten easiest, a search: asked with the Async
    /// forms) against Go's, each solution played to the goal.
    /// </summary>
    static void Boards(List<string[]> records)
    {
        var tables = new Dictionary<string, Table>();
        try
        {
            foreach (var r in Of(records, "board"))
            {
                string key = r[1] + " " + r[2];
                Table t;
                if (!tables.TryGetValue(key, out t))
                {
                    t = tables[key] = Table.Open(r[1], MetricOf(r[2]));
                }
                byte[] b = Cells(r[3]);
                int want = int.Parse(r[4]);
                byte[] hints = Cells(r[5]);
                string what = key + " " + r[3];
                int? d;
                Hints h;
                byte[] path;
                if (t.IsExact)
                {
                    d = t.Distance(b);
                    h = t.Hints(b);
                    path = t.Solve(b);
                }
                else
                {
                    d = t.DistanceAsync(b).Result;
                    h = t.HintsAsync(b).Result;
                    path = t.SolveAsync(b).Result;
                }
                if (want == Table.Unsolvable)
                {
                    Check(d == null && h == null && path == null, what + ": cannot reach the goal, yet answers");
                    continue;
                }
                Equal(d, (int?)want, what + ": Distance");
                Check(h != null && h.Distance == want, what + ": Hints " + h);
                if (h != null)
                {
                    Same(h.Moves, hints, what + ": Hints.Moves");
                }
                Check(path != null && path.Length == want, what + ": a solution of " + Show(path) + ", want " + want + " moves");
                if (path != null)
                {
                    Same(Play(b, path, t.Width, t.Metric), t.Goal, what + ": where the solution leads");
                }
            }
        }
        finally
        {
            foreach (var t in tables.Values)
            {
                t.Dispose();
            }
        }
    }

    /// <summary>Levels against those 'slidetable serve' deals for the same requests.</summary>
    static void Levels(List<string[]> records)
    {
        bool first = true;
        foreach (var r in Of(records, "level"))
        {
            using (var t = Table.Open(r[1], MetricOf(r[2])))
            {
                int min = int.Parse(r[3]), max = int.Parse(r[4]);
                ulong seed = ulong.Parse(r[5]);
                Level lv = first ? t.LevelAsync(min, max, seed).Result : t.Level(min, max, seed);
                first = false;
                string what = "Level(" + min + ", " + max + ", " + seed + ") of " + t;
                Same(lv.Board, Cells(r[6]), what + ": board");
                Equal(lv.Distance, int.Parse(r[7]), what + ": distance");
            }
        }
        using (var t = Table.Open("3x3"))
        {
            ThrowsKind(() => t.Level(40, 45, 1), ErrorKind.Input, "3x3 Level(40, 45)");
            ThrowsKind(() => t.Level(10, 5, 1), ErrorKind.Input, "3x3 Level(10, 5)");
            Level any = t.Level(20, 22);
            Check(any.Distance >= 20 && any.Distance <= 22 && t.Distance(any.Board) == any.Distance,
                "Level(20, 22) with no seed: " + any);
        }
    }

    /// <summary>Random boards against those 'slidetable gen -seed S' prints first.</summary>
    static void RandomBoards(List<string[]> records)
    {
        foreach (var r in Of(records, "random"))
        {
            using (var t = Table.Open(r[1]))
            {
                Same(t.RandomBoard(ulong.Parse(r[2])), Cells(r[3]), "RandomBoard(" + r[2] + ") of " + r[1]);
            }
        }
        using (var t = Table.Open("3x3"))
        {
            Check(t.IsSolvable(t.RandomBoard()), "RandomBoard() with no seed cannot reach the goal");
        }
    }

    /// <summary>Bad boards get the command line's messages, of kind Input.</summary>
    static void BadBoards(List<string[]> records)
    {
        foreach (var r in Of(records, "bad"))
        {
            using (var t = Table.Open(r[1]))
            {
                string what = r[1] + " \"" + r[2] + "\"";
                ThrowsKind(() => t.Distance(r[2]), ErrorKind.Input, "Distance(" + what + ")", r[3]);
                ThrowsKind(() => t.Parse(r[2]), ErrorKind.Input, "Parse(" + what + ")", r[3]);
            }
        }
    }

    /// <summary>A table file Go wrote, for another goal, opened and proven.</summary>
    static void TableFile(List<string[]> records)
    {
        foreach (var r in Of(records, "file"))
        {
            using (var t = Table.OpenFileAsync(r[1]).Result)
            {
                Check(t.Size == "3x2" && t.IsExact, "the file's table: " + t);
                Same(t.Goal, Cells(r[2]), "the file's goal");
                Same(t.Distances(Permutations(6)), Ints(r[3]), "the distances of every 3x2 board in the file");
            }
            ThrowsKind(() => Table.OpenFile(r[1] + ".missing"), ErrorKind.File, "OpenFile of no file");
        }
    }

    static void Errors(List<string[]> records)
    {
        ThrowsKind(() => Table.Open("1x1"), ErrorKind.Input, "Open(\"1x1\")");
        ThrowsKind(() => Table.Open("3x"), ErrorKind.Input, "Open(\"3x\")");
        ThrowsKind(() => Table.Open(17, 17), ErrorKind.Input, "Open(17, 17)");
        ThrowsKind(() => Table.Open(3, 3, (Metric)7), ErrorKind.Input, "Open with metric 7");
        ThrowsKind(() => Table.Open("3x3", Metric.Single, new byte[] { 1, 2, 3 }), ErrorKind.Input, "a goal of 3 cells");
        ThrowsKind(() => Table.OpenFile("a\0b"), ErrorKind.Input, "OpenFile of a path holding NUL",
            "path \"a\\0b\" holds a NUL character, where the library would end the text");
        Throws<ArgumentNullException>(() => Table.OpenFile(null), "OpenFile(null)");
        string dup = Of(records, "bad").First(r => r[2] == "1 2 3/4 5 6/7 7 0")[3];
        using (var t = Table.Open("3x3"))
        {
            ThrowsKind(() => t.Distance(new byte[] { 1, 2, 3, 4, 5, 6, 7, 7, 0 }), ErrorKind.Input, "a byte[] board, 7 twice", dup);
            ThrowsKind(() => t.Distance(new byte[8]), ErrorKind.Input, "a board of 8 cells");
            ThrowsKind(() => t.Hints(new byte[10]), ErrorKind.Input, "Hints of a board of 10 cells");
            ThrowsKind(() => t.Solve(new byte[9]), ErrorKind.Input, "Solve of a board of nine blanks");
            ThrowsKind(() => t.IsSolvable(new byte[9]), ErrorKind.Input, "IsSolvable of a board of nine blanks");
            ThrowsKind(() => t.Parse("1 2 3/4 5 6/7 8 0\0 9"), ErrorKind.Input, "a board holding NUL");
            Throws<ArgumentNullException>(() => t.Distance((byte[])null), "Distance(null)");
            Throws<ArgumentNullException>(() => t.Distance((string)null), "Distance((string)null)");
            Throws<ArgumentNullException>(() => t.DistanceAsync((byte[])null), "DistanceAsync(null)");

            byte[] goal = t.Goal;
            goal[0] = 9;
            Same(t.Goal, StandardGoal(9), "Goal after changing the copy it gave");
            goal = t.Goal;
            Equal(t.Distance(goal), (int?)0, "the goal's distance");
            Check(t.Hints(goal).Distance == 0 && t.Hints(goal).Moves.Length == 0, "the goal's hints: " + t.Hints(goal));
            Equal(t.Solve(goal).Length, 0, "the goal's solution");
        }
    }

    /// <summary>Batches that fail: the index of the board that failed, and what was answered before it.</summary>
    static void Batches(List<string[]> records)
    {
        int[] want = Ints(Of(records, "every3x3").First(r => r[1] == "single")[2]);
        byte[] boards = Permutations(9).Take(9 * 5).ToArray();
        boards[9 * 2 + 8] = boards[9 * 2 + 7]; // board 2 holds a tile twice
        using (var t = Table.Open("3x3"))
        {
            var into = new int[5];
            var e = ThrowsKind(() => t.Distances(boards, into), ErrorKind.Input, "a batch with a bad board");
            Check(e != null && e.Index == 2, "the index of the bad board: " + (e == null ? "" : Show(e.Index)));
            Same(into.Take(2).ToList(), want.Take(2).ToList(), "the distances before the bad board");
            ThrowsKind(() => t.Distances(new byte[10]), ErrorKind.Input, "a batch of 10 cells");
            ThrowsKind(() => t.Distances(new byte[18], new int[1]), ErrorKind.Argument, "room for 1 of 2 distances");
            Equal(t.Distances(new byte[0]).Length, 0, "an empty batch");
            Equal(t.Distances(new List<string>()).Length, 0, "an empty batch of text");
            Throws<ArgumentNullException>(() => t.Distances((byte[])null), "Distances(null)");
            e = ThrowsKind(() => t.Distances(new[] { "8 6 7/2 5 4/3 0 1", "1 2", "1 2 3/4 5 6/7 8 0" }), ErrorKind.Input,
                "a batch of text with a bad board");
            Check(e != null && e.Index == 1, "the index of the bad board of text: " + (e == null ? "" : Show(e.Index)));
            ThrowsKind(() => t.Distances(new[] { "8 6 7\n2 5 4/3 0 1" }), ErrorKind.Input, "a board of text holding a line break");
        }
    }

    static void ClosedTable()
    {
        var t = Table.Open("3x3");
        byte[] goal = t.Goal;
        t.Dispose();
        t.Dispose(); // again: nothing to do
        Throws<ObjectDisposedException>(() => t.Distance(goal), "Distance on a closed table");
        Throws<ObjectDisposedException>(() => t.Distances(goal), "Distances on a closed table");
        Throws<ObjectDisposedException>(() => t.RandomBoard(1), "RandomBoard on a closed table");
        Check(Outcome(t.DistanceAsync(goal), TimeSpan.FromMinutes(1), "DistanceAsync on a closed table") is ObjectDisposedException,
            "DistanceAsync on a closed table ends with ObjectDisposedException");
        Equal(t.Size, "3x3", "the Size of a closed table");
    }

    static void OtherGoal()
    {
        byte[] goal = { 0, 8, 7, 6, 5, 4, 3, 2, 1 };
        using (var t = Table.OpenAsync("3x3", Metric.Single, goal).Result)
        {
            Check(!t.IsExact, "a table for another goal is a search: " + t);
            Same(t.Goal, goal, "Goal");
            Equal(t.Distance(goal), (int?)0, "the goal's distance");
            byte[] near = { 8, 0, 7, 6, 5, 4, 3, 2, 1 };
            Equal(t.Distance(near), (int?)1, "a board one move from the goal");
            byte[] b = t.RandomBoard(7);
            byte[] path = t.Solve(b, TimeSpan.FromMinutes(5));
            Check(path != null && path.Length == t.Distance(b), "a solution as long as the distance");
            Same(Play(b, path, 3, Metric.Single), goal, "where the solution leads");
        }
    }

    static void Letters()
    {
        foreach (Metric metric in new[] { Metric.Single, Metric.Multi })
        {
            using (var t = Table.Open("3x3", metric))
            {
                // R2 D2 L U R from the goal: 8 and 7 right, 4 and 1 down,
                // then 2 left, 5 up and 1 right.
                byte[] b = t.Scramble("R2 D2 L U R");
                Same(b, new byte[] { 2, 5, 3, 0, 1, 6, 4, 7, 8 }, "the board R2 D2 L U R makes");
                byte[] path = t.Solve(b);
                string text = t.Letters(b, path);
                Check(text.Trim("UDLR0123456789".ToCharArray()).Length == 0, "letters " + text);
                Equal(text.Split("UDLR".ToCharArray()).Length - 1, path.Length, "the letters of " + text);
                Same(Play(b, path, 3, metric), t.Goal, "where the solution leads");
                Hints h = t.Hints(b);
                Equal(t.Letters(b, h.Moves, false).Split(' ').Length, h.Moves.Length, "the letters of the hints");
                ThrowsKind(() => t.Letters(t.Goal, new byte[] { 1 }), ErrorKind.Input, "letters of a move that cannot be played");
                ThrowsKind(() => t.Scramble("U"), ErrorKind.Input, "a scramble that cannot be played");
                ThrowsKind(() => t.Scramble("RX"), ErrorKind.Input, "a scramble that cannot be read");
            }
        }
    }

    static void TimeLimits()
    {
        using (var t = Table.Open("3x3"))
        {
            byte[] goal = t.Goal;
            ThrowsKind(() => t.Distance(goal, TimeSpan.Zero), ErrorKind.Argument, "a time limit of 0");
            ThrowsKind(() => t.Distance(goal, TimeSpan.FromDays(8)), ErrorKind.Argument, "a time limit of 8 days");
            Equal(t.Distance(goal, TimeSpan.FromDays(7)), (int?)0, "a lookup with a time limit of 7 days");
        }
        using (var t = Table.Open("5x5"))
        {
            byte[] far = t.Parse(Far5x5);
            var watch = Stopwatch.StartNew();
            ThrowsKind(() => t.Distance(far, TimeSpan.FromMilliseconds(200)), ErrorKind.Timeout, "a 5x5 search given 200 ms");
            Console.WriteLine("   a 5x5 search given 200 ms ended after " + watch.Elapsed.TotalSeconds.ToString("0.000") + " s");
            var two = far.Concat(t.Goal).ToArray();
            var e = ThrowsKind(() => t.Distances(two, TimeSpan.FromMilliseconds(200)), ErrorKind.Timeout, "a batch given 200 ms");
            Check(e != null && e.Index == 0, "the index at which the time ran out: " + (e == null ? "" : Show(e.Index)));
        }
    }

    /// <summary>
    /// Waits until the process has used another 0.3 s of processor time
    /// (a search under way: nothing else runs), or until done says the
    /// search ended.
    /// </summary>
    static void WaitSearching(Func<bool> done)
    {
        var self = Process.GetCurrentProcess();
        TimeSpan start = self.TotalProcessorTime;
        var watch = Stopwatch.StartNew();
        while (!done() && watch.Elapsed < TimeSpan.FromMinutes(1))
        {
            self.Refresh();
            if (self.TotalProcessorTime - start >= TimeSpan.FromMilliseconds(300))
            {
                return;
            }
            GC.Collect(); // the runtime's collector meanwhile, with a thread in the library
            Thread.Sleep(10);
        }
    }

    /// <summary>5x5 searches ended by their CancellationToken, called Async and not.</summary>
    static void Cancellation()
    {
        using (var t = Table.Open("3x3"))
        using (var t5 = Table.Open("5x5"))
        {
            byte[] far = t5.Parse(Far5x5);
            var cancelled = new CancellationToken(true);
            Throws<OperationCanceledException>(() => t.Distance(t.Goal, null, cancelled), "a lookup with a cancelled token");
            Check(t.DistanceAsync(t.Goal, null, cancelled).ContinueWith(x => x.IsCanceled).Result,
                "DistanceAsync with a cancelled token is cancelled");

            var calls = new Dictionary<string, Func<CancellationToken, Task>>
            {
                { "DistanceAsync", token => t5.DistanceAsync(far, null, token) },
                { "HintsAsync", token => t5.HintsAsync(far, null, token) },
                { "SolveAsync", token => t5.SolveAsync(far, null, token) },
                { "DistancesAsync", token => t5.DistancesAsync(far, null, token) },
            };
            foreach (var c in calls)
            {
                using (var cts = new CancellationTokenSource())
                {
                    Task task = c.Value(cts.Token);
                    WaitSearching(() => task.IsCompleted);
                    Check(!task.IsCompleted, c.Key + " of a far 5x5 board ended before it was cancelled: " + task.Status);
                    var watch = Stopwatch.StartNew();
                    cts.Cancel();
                    Exception e = Outcome(task, TimeSpan.FromMinutes(2), c.Key + " cancelled");
                    Console.WriteLine("   " + c.Key + " ended " + watch.Elapsed.TotalSeconds.ToString("0.000") + " s after its cancellation");
                    Check(task.IsCanceled && e is OperationCanceledException,
                        c.Key + " cancelled: " + task.Status + " " + (e == null ? "" : e.GetType().Name + " " + Describe(e)));
                }
            }

            // Called on a thread of its own, the call throws
            // OperationCanceledException for the token, holding what the
            // library said.
            using (var cts = new CancellationTokenSource())
            {
                Exception thrown = null;
                var thread = new Thread(() =>
                {
                    try
                    {
                        t5.Distance(far, null, cts.Token);
                    }
                    catch (Exception e)
                    {
                        thrown = e;
                    }
                });
                thread.Start();
                WaitSearching(() => !thread.IsAlive);
                cts.Cancel();
                Check(thread.Join(TimeSpan.FromMinutes(2)), "Distance still running 2 minutes after its cancellation");
                var oce = thrown as OperationCanceledException;
                var inner = oce == null ? null : oce.InnerException as SlidetableException;
                Check(oce != null && oce.CancellationToken == cts.Token && inner != null && inner.Kind == ErrorKind.Cancelled,
                    "Distance cancelled: " + (thrown == null ? "nothing thrown" : thrown.GetType().Name + " " + Describe(thrown)) +
                    (inner == null ? "" : ", inner " + Describe(inner)));
            }
            // The table still answers.
            Equal(t.Distance("8 6 7/2 5 4/3 0 1"), (int?)31, "a lookup after the cancellations");
        }
    }

    /// <summary>
    /// Text holding a NUL character, which the library would read up to
    /// the NUL, answering what comes before it: refused as input, naming
    /// it, wherever the binding gives text to the library.
    /// </summary>
    static void Nul()
    {
        const string board = "1 2 3/4 5 6/7 8 0";
        const string ends = " holds a NUL character, where the library would end the text";
        using (var t = Table.Open("3x3"))
        {
            var cases = new[]
            {
                Tuple.Create("moves \"RR\\0UU\"", (Action)(() => t.Scramble("RR\0UU")), (Action)(() => t.Scramble("RR"))),
                Tuple.Create("board \"" + board + "\\0 junk\"", (Action)(() => t.Distance(board + "\0 junk")),
                    (Action)(() => t.Distance(board))),
                Tuple.Create("board \"" + board + "\\0\"", (Action)(() => t.Hints(board + "\0")), (Action)(() => t.Hints(board))),
                Tuple.Create("board \"" + board + "\\0\"", (Action)(() => t.Solve(board + "\0")), (Action)(() => t.Solve(board))),
                Tuple.Create("board \"" + board + "\\0\"", (Action)(() => t.IsSolvable(board + "\0")),
                    (Action)(() => t.IsSolvable(board))),
                Tuple.Create("board \"" + board + "\\0\"", (Action)(() => t.DistanceAsync(board + "\0")),
                    (Action)(() => t.DistanceAsync(board).Wait())),
                Tuple.Create("board \"" + board + "\\0 9\"", (Action)(() => Library.Parse(3, 3, board + "\0 9")),
                    (Action)(() => Library.Parse(3, 3, board))),
                Tuple.Create("size \"3x3\\0 4x4\"", (Action)(() => Table.Open("3x3\0 4x4").Dispose()),
                    (Action)(() => Table.Open("3x3").Dispose())),
            };
            foreach (var c in cases)
            {
                try
                {
                    c.Item3(); // what comes before the NUL is answered
                }
                catch (Exception e)
                {
                    Fail(c.Item1 + " without its NUL: " + Describe(e));
                }
                ThrowsKind(c.Item2, ErrorKind.Input, c.Item1, c.Item1 + ends);
            }
            int w, h;
            ThrowsKind(() => Library.ParseSize("4x4\0", out w, out h), ErrorKind.Input, "ParseSize", "size \"4x4\\0\"" + ends);
            var batch = ThrowsKind(() => t.Distances(new[] { "8 6 7/2 5 4/3 0 1", board + "\0 9" }), ErrorKind.Input,
                "a batch whose board 1 holds a NUL", "board 1 \"" + board + "\\0 9\"" + ends);
            Check(batch != null && batch.Index == 1, "the index of the board holding a NUL: " + (batch == null ? "" : Show(batch.Index)));
        }
    }

    /// <summary>
    /// Returns from Main as a game might when it quits: one table disposed
    /// while it searched, a search left running on another, which is not
    /// disposed. The process must exit all the same, at once (csharp_test.go
    /// measures the time from the line printed last to the exit). The
    /// Async calls must not run on the thread pool, whose threads Mono can
    /// wait for 5 to 60 s at exit when their work ended as it shut down:
    /// the end of the search of the table disposed tells on which thread
    /// it ran.
    /// </summary>
    static int ExitSearching()
    {
        var t5 = Table.Open("5x5");
        var t4 = Table.Open("4x4");
        Task<int?> far = t5.DistanceAsync(t5.Parse(Far5x5));
        Task<int?> deep = t4.DistanceAsync(t4.Parse(Deep4x4));
        WaitSearching(() => far.IsCompleted || deep.IsCompleted);
        if (far.IsCompleted)
        {
            Console.WriteLine("the 5x5 search ended before its table was disposed: " + far.Status);
            return 1;
        }
        string thread = "";
        Task ended = far.ContinueWith(x => thread = Thread.CurrentThread.IsThreadPoolThread ? "a thread of the pool"
            : !Thread.CurrentThread.IsBackground ? "a foreground thread" : "a background thread of its own",
            TaskContinuationOptions.ExecuteSynchronously); // on the thread that ends the search
        t5.Dispose();
        ended.Wait(TimeSpan.FromMinutes(1));
        bool ok = far.IsFaulted && !deep.IsCompleted && thread == "a background thread of its own";
        Console.WriteLine("returning from Main: the search of the table disposed " + far.Status + " on " + thread +
            ", the other " + deep.Status);
        return ok ? 0 : 1;
    }

    /// <summary>
    /// Opens a table where there is no native library to load: the
    /// exception must say how to build it.
    /// </summary>
    static int NoLibrary()
    {
        try
        {
            Table.Open("3x3");
            Console.WriteLine("opened a table without the native library");
            return 1;
        }
        catch (DllNotFoundException e)
        {
            Console.WriteLine(e.Message);
            return e.Message.Contains("go build -buildmode=c-shared") ? 0 : 1;
        }
    }

    /// <summary>A table disposed while a search runs on it ends the search.</summary>
    static void CloseUnderSearch()
    {
        var t5 = Table.Open("5x5");
        byte[] far = t5.Parse(Far5x5);
        Task<int?> task = t5.DistanceAsync(far);
        WaitSearching(() => task.IsCompleted);
        Check(!task.IsCompleted, "a far 5x5 search ended before its table was closed: " + task.Status);
        t5.Dispose();
        Exception e = Outcome(task, TimeSpan.FromMinutes(2), "a search on a closed table");
        var s = e as SlidetableException;
        Check(s != null && s.Kind == ErrorKind.Cancelled,
            "a search on a closed table: " + (e == null ? "no exception" : e.GetType().Name + " " + Describe(e)));
        Throws<ObjectDisposedException>(() => t5.Distance(far), "Distance after the table was closed");
    }
}
