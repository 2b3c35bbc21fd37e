// What answers boards of one size, goal and metric, and its answers.

using System;
using System.Collections.Generic;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Slidetable
{
    /// <summary>What counts as one move.</summary>
    public enum Metric
    {
        /// <summary>One tile slides into the blank.</summary>
        Single = 0,

        /// <summary>A tap slides every tile between the tapped one and the blank.</summary>
        Multi = 1,
    }

    /// <summary>A board's distance and its optimal next moves.</summary>
    public sealed class Hints
    {
        internal Hints(int distance, byte[] moves, bool partial)
        {
            Distance = distance;
            Moves = moves;
            Partial = partial;
        }

        /// <summary>The fewest moves from the board to the goal.</summary>
        public int Distance { get; private set; }

        /// <summary>
        /// The optimal next moves: the tiles to move (in multi-tile moves,
        /// to tap); none at the goal. Every one, unless
        /// <see cref="Partial"/>.
        /// </summary>
        public byte[] Moves { get; private set; }

        /// <summary>
        /// Whether <see cref="Moves"/> holds the one optimal move a level
        /// pack knows (the next move of its stored solution, found with no
        /// search), of perhaps several, as every front end answers a hint.
        /// </summary>
        public bool Partial { get; private set; }

        /// <summary>
        /// The distance and the moves: "distance 31, moves 5 3 1", with
        /// ", partial" for a partial hint.
        /// </summary>
        public override string ToString()
        {
            return "distance " + Distance + ", moves " + string.Join(" ", Moves) + (Partial ? ", partial" : "");
        }
    }

    /// <summary>A board at an exact distance from the goal.</summary>
    public sealed class Level
    {
        readonly int width;

        internal Level(byte[] board, int width, int distance)
        {
            Board = board;
            this.width = width;
            Distance = distance;
        }

        /// <summary>The board's cells in reading order, 0 for the blank.</summary>
        public byte[] Board { get; private set; }

        /// <summary>The fewest moves from the board to the goal.</summary>
        public int Distance { get; private set; }

        /// <summary>The board, rows separated by '/', and its distance: "8 6 7/2 5 4/3 0 1, 31 moves".</summary>
        public override string ToString()
        {
            return Table.Format(Board, width) + ", " + Distance + " moves";
        }
    }

    /// <summary>
    /// What answers boards of one size, towards one goal, in one metric: an
    /// exact table, whose answers are lookups (the call's crossing into the
    /// library costs more than the lookup), or where there is none an
    /// optimal search (a 4x4 board in milliseconds to a second).
    /// </summary>
    /// <remarks>
    /// <para>
    /// A board is its cells in reading order, a byte each: 0 for the blank,
    /// the tiles 1..n-1; or text as the command line takes it
    /// ("8 6 7/2 5 4/3 0 1", "8,6,7,2,5,4,3,0,1"). A move is the tile that
    /// slides into the blank; in multi-tile moves, the tile tapped.
    /// </para>
    /// <para>
    /// A table is safe to share between threads: open it once. Calls that
    /// may search take a time limit (null: none) and a
    /// <see cref="CancellationToken"/>, and have Async forms that run them
    /// each on a thread of its own (a background thread, which the process
    /// does not wait for at exit). Dispose the table to release its memory at once;
    /// calls still searching on it then end with a
    /// <see cref="SlidetableException"/> of kind
    /// <see cref="ErrorKind.Cancelled"/>, and later calls throw
    /// <see cref="ObjectDisposedException"/>.
    /// </para>
    /// </remarks>
    public sealed class Table : IDisposable
    {
        /// <summary>The distance of a board that cannot reach the goal, in the arrays of <see cref="Distances(byte[], int[], TimeSpan?, CancellationToken)"/>.</summary>
        public const int Unsolvable = -1;

        readonly TableHandle handle;
        readonly byte[] goal;

        Table(ulong id)
        {
            handle = new TableHandle(id);
            try
            {
                int w, h, metric, exact, most;
                Native.Check(Native.slidetable_info(id, out w, out h, out metric, out exact, out most));
                handle.Size = w + "x" + h;
                Width = w;
                Height = h;
                Metric = (Metric)metric;
                IsExact = exact != 0;
                MaxDistance = most >= 0 ? most : (int?)null;
                goal = new byte[w * h];
                UIntPtr len;
                Native.Check(Native.slidetable_goal(id, goal, (UIntPtr)goal.Length, out len));
                Description = Native.Text((byte[] buf, UIntPtr cap, out UIntPtr n) =>
                    Native.slidetable_describe(id, buf, cap, out n));
            }
            catch
            {
                handle.Dispose();
                throw;
            }
        }

        /// <summary>
        /// Opens what answers boards of size ("WxH": W columns, H rows) in
        /// metric towards goal (null: the standard goal, 1..n-1 then the
        /// blank), as the command line does: the table built in (2x2 up to
        /// 3x3 and 4x2), else one installed in the cache folder, else a
        /// search with the best lower bound there is. Only the standard goal
        /// has built-in and installed tables; another is answered by search.
        /// Opening may prove an installed file: timeout and cancellationToken
        /// bound it.
        /// </summary>
        public static Table Open(string size, Metric metric = Metric.Single, byte[] goal = null,
            TimeSpan? timeout = null, CancellationToken cancellationToken = default(CancellationToken))
        {
            int width, height;
            Library.ParseSize(size, out width, out height);
            return Open(width, height, metric, goal, timeout, cancellationToken);
        }

        /// <summary>Opens what answers boards of width x height: see <see cref="Open(string, Metric, byte[], TimeSpan?, CancellationToken)"/>.</summary>
        public static Table Open(int width, int height, Metric metric = Metric.Single, byte[] goal = null,
            TimeSpan? timeout = null, CancellationToken cancellationToken = default(CancellationToken))
        {
            Native.Load();
            long ms = Native.TimeoutMs(timeout);
            ulong id;
            using (var call = new NativeCall(null, cancellationToken))
            {
                call.Check(Native.slidetable_open(width, height, (int)metric, goal,
                    (UIntPtr)(goal == null ? 0 : goal.Length), ms, call.Cancel, out id));
            }
            return new Table(id);
        }

        /// <summary>
        /// Opens and proves the table or database file at path, which
        /// 'slidetable build' wrote: it answers boards of its size towards
        /// its goal (a table in the metric it counts, a pattern database by
        /// search in single-tile moves, an abstraction database by search in
        /// multi-tile moves). A damaged file, or one of another kind, is
        /// <see cref="ErrorKind.File"/>.
        /// </summary>
        public static Table OpenFile(string path, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            Native.Load();
            byte[] p = Native.Utf8(path, "path");
            long ms = Native.TimeoutMs(timeout);
            ulong id;
            using (var call = new NativeCall(null, cancellationToken))
            {
                call.Check(Native.slidetable_open_file(p, (UIntPtr)p.Length, ms, call.Cancel, out id));
            }
            return new Table(id);
        }

        /// <summary><see cref="Open(string, Metric, byte[], TimeSpan?, CancellationToken)"/> on a thread of its own.</summary>
        public static Task<Table> OpenAsync(string size, Metric metric = Metric.Single, byte[] goal = null,
            TimeSpan? timeout = null, CancellationToken cancellationToken = default(CancellationToken))
        {
            return OnThread(() => Open(size, metric, goal, timeout, cancellationToken), cancellationToken);
        }

        /// <summary><see cref="OpenFile"/> on a thread of its own.</summary>
        public static Task<Table> OpenFileAsync(string path, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return OnThread(() => OpenFile(path, timeout, cancellationToken), cancellationToken);
        }

        /// <summary>The columns of the boards the table answers.</summary>
        public int Width { get; private set; }

        /// <summary>The rows of the boards the table answers.</summary>
        public int Height { get; private set; }

        /// <summary>The cells of a board, Width * Height.</summary>
        public int CellCount
        {
            get { return Width * Height; }
        }

        /// <summary>The size, written WxH ("3x3").</summary>
        public string Size
        {
            get { return Width + "x" + Height; }
        }

        /// <summary>What counts as one move.</summary>
        public Metric Metric { get; private set; }

        /// <summary>Whether an exact table answers (lookups), rather than a search.</summary>
        public bool IsExact { get; private set; }

        /// <summary>The largest distance of any board of the size in the metric, or null where it is not known.</summary>
        public int? MaxDistance { get; private set; }

        /// <summary>What answers, for a person: "the built-in 3x3 table".</summary>
        public string Description { get; private set; }

        /// <summary>The goal's cells (a copy).</summary>
        public byte[] Goal
        {
            get { return (byte[])goal.Clone(); }
        }

        /// <summary>
        /// Releases the table's memory and files now. Calls on it still
        /// searching end (they throw <see cref="SlidetableException"/> of
        /// kind <see cref="ErrorKind.Cancelled"/>); later calls throw
        /// <see cref="ObjectDisposedException"/>.
        /// </summary>
        public void Dispose()
        {
            handle.CloseNow();
            handle.Dispose();
        }

        /// <summary>The table's size, metric and what answers.</summary>
        public override string ToString()
        {
            return Size + " " + (Metric == Metric.Multi ? "multi" : "single") + ": " +
                (handle.Closed ? "closed" : Description);
        }

        /// <summary>
        /// The cells of a board written as text ("8 6 7/2 5 4/3 0 1"),
        /// checked; a bad board is <see cref="ErrorKind.Input"/>, named by
        /// the message.
        /// </summary>
        public byte[] Parse(string board)
        {
            return Library.Parse(Width, Height, board);
        }

        /// <summary>Whether board can reach the goal (the parity rule; no search).</summary>
        public bool IsSolvable(byte[] board)
        {
            Board(board);
            int solvable;
            using (var call = new NativeCall(handle, CancellationToken.None))
            {
                call.Check(Native.slidetable_solvable(call.Table, board, (UIntPtr)board.Length, out solvable));
            }
            return solvable != 0;
        }

        /// <summary>Whether board, written as text, can reach the goal.</summary>
        public bool IsSolvable(string board)
        {
            return IsSolvable(Parse(board));
        }

        /// <summary>The fewest moves from board to the goal, or null if it cannot reach it.</summary>
        public int? Distance(byte[] board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            Board(board);
            long ms = Native.TimeoutMs(timeout);
            int d;
            using (var call = new NativeCall(handle, cancellationToken))
            {
                call.Check(Native.slidetable_distance(call.Table, board, (UIntPtr)board.Length, ms, call.Cancel,
                    out d));
            }
            return d >= 0 ? d : (int?)null;
        }

        /// <summary>The fewest moves from board, written as text, to the goal, or null if it cannot reach it.</summary>
        public int? Distance(string board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return Distance(Parse(board), timeout, cancellationToken);
        }

        /// <summary>
        /// The distance of board and its optimal next moves (every one, or
        /// for a board a level pack answers the one it knows: see
        /// <see cref="Slidetable.Hints.Partial"/>), or null if it cannot
        /// reach the goal.
        /// </summary>
        public Hints Hints(byte[] board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            int d;
            bool partial;
            byte[] moves = Moves(false, board, Math.Max(4, Width + Height - 2), timeout, cancellationToken, out d, out partial);
            return d >= 0 ? new Hints(d, moves, partial) : null;
        }

        /// <summary>The hints of board written as text.</summary>
        public Hints Hints(string board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return Hints(Parse(board), timeout, cancellationToken);
        }

        /// <summary>
        /// A shortest solution of board, the tiles to move (in multi-tile
        /// moves, to tap) in order: none at the goal, null if it cannot
        /// reach it.
        /// </summary>
        public byte[] Solve(byte[] board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            int d;
            int room = MaxDistance ?? 20 * CellCount * (Width + Height); // SLIDETABLE_MOVES_BOUND
            bool partial;
            byte[] moves = Moves(true, board, room, timeout, cancellationToken, out d, out partial);
            return d >= 0 ? moves : null;
        }

        /// <summary>A shortest solution of board written as text.</summary>
        public byte[] Solve(string board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return Solve(Parse(board), timeout, cancellationToken);
        }

        /// <summary>slidetable_solve (solve) or slidetable_hints, with room for that many moves to start with.</summary>
        byte[] Moves(bool solve, byte[] board, int room, TimeSpan? timeout, CancellationToken cancellationToken,
            out int distance, out bool partial)
        {
            partial = false;
            Board(board);
            long ms = Native.TimeoutMs(timeout);
            using (var call = new NativeCall(handle, cancellationToken))
            {
                while (true)
                {
                    var moves = new byte[room];
                    UIntPtr n;
                    int part = 0;
                    int status = solve
                        ? Native.slidetable_solve(call.Table, board, (UIntPtr)board.Length, ms, call.Cancel,
                            out distance, moves, (UIntPtr)moves.Length, out n)
                        : Native.slidetable_hints(call.Table, board, (UIntPtr)board.Length, ms, call.Cancel,
                            out distance, moves, (UIntPtr)moves.Length, out n, out part);
                    partial = part != 0;
                    if (status == Native.ErrTruncated && (ulong)n > (ulong)room)
                    {
                        room = checked((int)n); // more room than the bound said: ask again
                        continue;
                    }
                    call.Check(status);
                    Array.Resize(ref moves, (int)n);
                    return moves;
                }
            }
        }

        /// <summary>
        /// The distances of many boards, one after the other in boards
        /// (count * <see cref="CellCount"/> cells), into distances[0..count)
        /// (<see cref="Unsolvable"/> for a board that cannot reach the
        /// goal). Boards a table answers cost a lookup each; searched ones
        /// are solved on every core. On failure, the
        /// <see cref="SlidetableException.Index"/> of the board that failed
        /// or at which the time ran out says how many were answered.
        /// </summary>
        public void Distances(byte[] boards, int[] distances, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (boards == null)
            {
                throw new ArgumentNullException("boards");
            }
            if (distances == null)
            {
                throw new ArgumentNullException("distances");
            }
            int count = Batch(boards.Length, distances.Length);
            long ms = Native.TimeoutMs(timeout);
            if (count == 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
                return;
            }
            using (var call = new NativeCall(handle, cancellationToken))
            {
                UIntPtr done;
                int status = Native.slidetable_distances(call.Table, boards, (UIntPtr)boards.Length, distances,
                    (UIntPtr)count, ms, call.Cancel, out done);
                call.Check(status, (int)done);
            }
        }

        /// <summary>The distances of many boards, one after the other in boards, in a new array.</summary>
        public int[] Distances(byte[] boards, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (boards == null)
            {
                throw new ArgumentNullException("boards");
            }
            var distances = new int[boards.Length / CellCount];
            Distances(boards, distances, timeout, cancellationToken);
            return distances;
        }

        /// <summary>The distances of many boards written as text, in a new array.</summary>
        public int[] Distances(IList<string> boards, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (boards == null)
            {
                throw new ArgumentNullException("boards");
            }
            var text = new StringBuilder();
            for (int i = 0; i < boards.Count; i++)
            {
                string b = boards[i];
                if (b == null)
                {
                    throw new ArgumentNullException("boards", "board " + i + " is null");
                }
                Native.CheckText(b, "board", i);
                if (b.IndexOf('\n') >= 0)
                {
                    throw new SlidetableException(ErrorKind.Input, "board " + i + " \"" + b +
                        "\" holds a line break", i);
                }
                text.Append(b).Append('\n'); // every board a line, an empty one too
            }
            byte[] bytes = Encoding.UTF8.GetBytes(text.ToString()); // each board checked above
            long ms = Native.TimeoutMs(timeout);
            var distances = new int[boards.Count];
            if (distances.Length == 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
                return distances;
            }
            using (var call = new NativeCall(handle, cancellationToken))
            {
                UIntPtr count, done;
                int status = Native.slidetable_distances_text(call.Table, bytes, (UIntPtr)bytes.Length, distances,
                    (UIntPtr)distances.Length, ms, call.Cancel, out count, out done);
                call.Check(status, (int)done);
            }
            return distances;
        }

#if SLIDETABLE_SPAN || NETSTANDARD2_1_OR_GREATER || NETCOREAPP2_1_OR_GREATER || UNITY_2021_2_OR_NEWER
        /// <summary>
        /// The distances of many boards, one after the other in boards,
        /// into distances: see <see cref="Distances(byte[], int[], TimeSpan?, CancellationToken)"/>.
        /// </summary>
        public void Distances(ReadOnlySpan<byte> boards, Span<int> distances, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            int count = Batch(boards.Length, distances.Length);
            long ms = Native.TimeoutMs(timeout);
            if (count == 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
                return;
            }
            using (var call = new NativeCall(handle, cancellationToken))
            {
                UIntPtr done;
                int status = Native.slidetable_distances_ref(call.Table,
                    ref System.Runtime.InteropServices.MemoryMarshal.GetReference(boards), (UIntPtr)boards.Length,
                    ref System.Runtime.InteropServices.MemoryMarshal.GetReference(distances), (UIntPtr)count, ms,
                    call.Cancel, out done);
                call.Check(status, (int)done);
            }
        }
#endif

        /// <summary>
        /// The number of boards of a batch of cells cells, checked, with
        /// room for their distances in an output of room elements.
        /// </summary>
        int Batch(int cells, int room)
        {
            int n = CellCount;
            if (cells % n != 0)
            {
                throw new SlidetableException(ErrorKind.Input, cells + " cells are not a whole number of " + Size +
                    " boards (" + n + " cells each)");
            }
            int count = cells / n;
            if (room < count)
            {
                throw new SlidetableException(ErrorKind.Argument, "room for " + room + " distances, want " + count +
                    " (one a board)");
            }
            return count;
        }

        /// <summary>
        /// A board at a distance in [min, max] from the goal (max -1: the
        /// largest distance levels are offered at), and its distance: drawn
        /// uniformly among all such boards where the table or the search
        /// can, else by random walks kept by their exact distance, or for
        /// 4x4 and the standard goal at once from the built-in level pack
        /// where it holds boards at every distance of the range, as
        /// 'slidetable serve' deals them. The same seed gives the same
        /// board; a null seed a random one. A range with no board, or beyond
        /// what is offered, is <see cref="ErrorKind.Input"/>; a range whose
        /// boards are too rare to draw, <see cref="ErrorKind.NotFound"/>.
        /// </summary>
        public Level Level(int min, int max = -1, ulong? seed = null, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            long ms = Native.TimeoutMs(timeout);
            ulong s = seed ?? RandomSeed();
            var cells = new byte[CellCount];
            UIntPtr len;
            int d;
            using (var call = new NativeCall(handle, cancellationToken))
            {
                call.Check(Native.slidetable_level(call.Table, min, max, s, ms, call.Cancel, cells,
                    (UIntPtr)cells.Length, out len, out d));
            }
            return new Level(cells, Width, d);
        }

        /// <summary>
        /// A board drawn uniformly among those that can reach the goal: the
        /// same seed gives the same board (for the standard goal, the first
        /// that 'slidetable gen -seed SEED WxH' prints); a null seed a
        /// random one.
        /// </summary>
        public byte[] RandomBoard(ulong? seed = null)
        {
            ulong s = seed ?? RandomSeed();
            var cells = new byte[CellCount];
            UIntPtr len;
            using (var call = new NativeCall(handle, CancellationToken.None))
            {
                call.Check(Native.slidetable_random(call.Table, s, cells, (UIntPtr)cells.Length, out len));
            }
            return cells;
        }

        /// <summary>
        /// The moves, tiles as <see cref="Solve(byte[], TimeSpan?, CancellationToken)"/>
        /// and <see cref="Hints(byte[], TimeSpan?, CancellationToken)"/> give
        /// them, in the speedsolvers' notation: for each move the way its
        /// tiles slide (U, D, L or R), with how many slide in multi-tile
        /// moves when more than one does. With path (a solution) the moves
        /// are played in order from board ("R3D2L"); without (hints) each
        /// is a move of board, separated by spaces ("R D2"). A move that
        /// cannot be played is <see cref="ErrorKind.Input"/>.
        /// </summary>
        public string Letters(byte[] board, byte[] moves, bool path = true)
        {
            Board(board);
            if (moves == null)
            {
                throw new ArgumentNullException("moves");
            }
            using (var call = new NativeCall(handle, CancellationToken.None))
            {
                ulong t = call.Table;
                return Native.Text((byte[] buf, UIntPtr cap, out UIntPtr n) =>
                    Native.slidetable_letters(t, board, (UIntPtr)board.Length, moves, (UIntPtr)moves.Length,
                        path ? 1 : 0, buf, cap, out n));
            }
        }

        /// <summary>
        /// The board that moves in the speedsolvers' notation ("RRDL",
        /// "R3D2L") make from the goal; text that cannot be read or played
        /// is <see cref="ErrorKind.Input"/>, naming the move.
        /// </summary>
        public byte[] Scramble(string moves)
        {
            byte[] text = Native.Utf8(moves, "moves");
            var cells = new byte[CellCount];
            UIntPtr len;
            using (var call = new NativeCall(handle, CancellationToken.None))
            {
                call.Check(Native.slidetable_scramble(call.Table, text, (UIntPtr)text.Length, cells,
                    (UIntPtr)cells.Length, out len));
            }
            return cells;
        }

        /// <summary><see cref="Distance(byte[], TimeSpan?, CancellationToken)"/> on a thread of its own, on a copy of board.</summary>
        public Task<int?> DistanceAsync(byte[] board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            byte[] b = Copy(board);
            return OnThread(() => Distance(b, timeout, cancellationToken), cancellationToken);
        }

        /// <summary><see cref="Distance(string, TimeSpan?, CancellationToken)"/> on a thread of its own.</summary>
        public Task<int?> DistanceAsync(string board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return DistanceAsync(Parse(board), timeout, cancellationToken);
        }

        /// <summary><see cref="Hints(byte[], TimeSpan?, CancellationToken)"/> on a thread of its own, on a copy of board.</summary>
        public Task<Hints> HintsAsync(byte[] board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            byte[] b = Copy(board);
            return OnThread(() => Hints(b, timeout, cancellationToken), cancellationToken);
        }

        /// <summary><see cref="Hints(string, TimeSpan?, CancellationToken)"/> on a thread of its own.</summary>
        public Task<Hints> HintsAsync(string board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return HintsAsync(Parse(board), timeout, cancellationToken);
        }

        /// <summary><see cref="Solve(byte[], TimeSpan?, CancellationToken)"/> on a thread of its own, on a copy of board.</summary>
        public Task<byte[]> SolveAsync(byte[] board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            byte[] b = Copy(board);
            return OnThread(() => Solve(b, timeout, cancellationToken), cancellationToken);
        }

        /// <summary><see cref="Solve(string, TimeSpan?, CancellationToken)"/> on a thread of its own.</summary>
        public Task<byte[]> SolveAsync(string board, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return SolveAsync(Parse(board), timeout, cancellationToken);
        }

        /// <summary>
        /// <see cref="Distances(byte[], int[], TimeSpan?, CancellationToken)"/>
        /// on a thread of its own: leave both arrays alone until the task ends.
        /// </summary>
        public Task DistancesAsync(byte[] boards, int[] distances, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return OnThread(() => { Distances(boards, distances, timeout, cancellationToken); return true; }, cancellationToken);
        }

        /// <summary>
        /// <see cref="Distances(byte[], TimeSpan?, CancellationToken)"/> on a
        /// thread of its own: leave boards alone until the task ends.
        /// </summary>
        public Task<int[]> DistancesAsync(byte[] boards, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return OnThread(() => Distances(boards, timeout, cancellationToken), cancellationToken);
        }

        /// <summary><see cref="Level(int, int, ulong?, TimeSpan?, CancellationToken)"/> on a thread of its own.</summary>
        public Task<Level> LevelAsync(int min, int max = -1, ulong? seed = null, TimeSpan? timeout = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            return OnThread(() => Level(min, max, seed, timeout, cancellationToken), cancellationToken);
        }

        /// <summary>
        /// Runs f on a thread of its own, a background thread, and returns
        /// its task: canceled at once if token already is, or when f throws
        /// OperationCanceledException (the call saw token cancelled);
        /// faulted with what else f throws. Not on the thread pool: in
        /// Mono, a pool thread whose work ends as the runtime shuts down
        /// (a search that the handler of ProcessExit ended, or one whose
        /// end let Main return) can miss the wake-up that ends it, and the
        /// process then waits 5 to 60 s for it after Main returns
        /// (mono/mono#9000); a thread of its own just ends. The token is
        /// given to f, not to a Task, so that the task ends once, as f
        /// does.
        /// </summary>
        static Task<T> OnThread<T>(Func<T> f, CancellationToken token)
        {
            var done = new TaskCompletionSource<T>();
            if (token.IsCancellationRequested)
            {
                done.SetCanceled();
                return done.Task;
            }
            var thread = new Thread(() =>
            {
                try
                {
                    done.TrySetResult(f());
                }
                catch (OperationCanceledException)
                {
                    done.TrySetCanceled();
                }
                catch (Exception e)
                {
                    done.TrySetException(e);
                }
            });
            thread.IsBackground = true; // the process does not wait for it
            thread.Name = "slidetable";
            thread.Start();
            return done.Task;
        }

        /// <summary>Refuses a null board; the library checks the rest.</summary>
        static void Board(byte[] board)
        {
            if (board == null)
            {
                throw new ArgumentNullException("board");
            }
        }

        static byte[] Copy(byte[] board)
        {
            Board(board);
            return (byte[])board.Clone();
        }

        static readonly Random seeds = new Random();

        /// <summary>A seed for a call not given one.</summary>
        static ulong RandomSeed()
        {
            var b = new byte[8];
            lock (seeds)
            {
                seeds.NextBytes(b);
            }
            return BitConverter.ToUInt64(b, 0);
        }

        /// <summary>Board written as text, width cells a row, rows separated by '/'.</summary>
        internal static string Format(byte[] board, int width)
        {
            var s = new StringBuilder();
            for (int i = 0; i < board.Length; i++)
            {
                if (i > 0)
                {
                    s.Append(i % width == 0 ? '/' : ' ');
                }
                s.Append(board[i]);
            }
            return s.ToString();
        }
    }
}
