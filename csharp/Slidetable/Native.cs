// The C interface of libslidetable (c/slidetable.h), its handles, and
// the one place where its status codes become exceptions.

using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace Slidetable
{
    /// <summary>The functions of c/slidetable.h, loaded from the library "slidetable".</summary>
    internal static class Native
    {
        /// <summary>
        /// The library's name for DllImport: libslidetable.so on Linux and
        /// Android, libslidetable.dylib on macOS, slidetable.dll on Windows.
        /// </summary>
        internal const string Library = "slidetable";

        /// <summary>SLIDETABLE_ABI_VERSION of the header these declarations follow.</summary>
        internal const int AbiVersion = 1;

        internal const int Ok = 0;
        internal const int ErrHandle = 2;
        internal const int ErrTruncated = 3;
        internal const int ErrCancelled = 8;

        /// <summary>SLIDETABLE_MAX_TIMEOUT_MS: 7 days.</summary>
        internal const long MaxTimeoutMs = 604800000;

        /// <summary>SLIDETABLE_MAX_CELLS.</summary>
        internal const int MaxCells = 256;

        /// <summary>Room for any message (the library keeps at most 2047 bytes of one).</summary>
        const int ErrorMax = 2048;

        const CallingConvention Cdecl = CallingConvention.Cdecl;

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_abi_version();

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_error([Out] byte[] buf, UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_warnings([Out] byte[] buf, UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_parse_size(byte[] text, UIntPtr textLen, out int width, out int height);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_open(int width, int height, int metric, byte[] goal, UIntPtr goalLen,
            long timeoutMs, ulong cancel, out ulong table);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_open_file(byte[] path, UIntPtr pathLen, long timeoutMs, ulong cancel,
            out ulong table);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_close(ulong table);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_info(ulong table, out int width, out int height, out int metric,
            out int exact, out int maxDistance);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_goal(ulong table, [Out] byte[] cells, UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_describe(ulong table, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_parse(int width, int height, byte[] text, UIntPtr textLen,
            [Out] byte[] cells, UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_random(ulong table, ulong seed, [Out] byte[] cells, UIntPtr cap,
            out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_solvable(ulong table, byte[] cells, UIntPtr ncells, out int solvable);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_distance(ulong table, byte[] cells, UIntPtr ncells, long timeoutMs,
            ulong cancel, out int distance);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_hints(ulong table, byte[] cells, UIntPtr ncells, long timeoutMs,
            ulong cancel, out int distance, [Out] byte[] moves, UIntPtr cap, out UIntPtr nmoves, out int partial);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_solve(ulong table, byte[] cells, UIntPtr ncells, long timeoutMs,
            ulong cancel, out int distance, [Out] byte[] moves, UIntPtr cap, out UIntPtr nmoves);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_letters(ulong table, byte[] cells, UIntPtr ncells, byte[] moves,
            UIntPtr nmoves, int path, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_scramble(ulong table, byte[] text, UIntPtr textLen, [Out] byte[] cells,
            UIntPtr cap, out UIntPtr len);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_distances(ulong table, byte[] cells, UIntPtr ncells, [Out] int[] output,
            UIntPtr count, long timeoutMs, ulong cancel, out UIntPtr done);

        // The same function, on the first elements of spans (pinned for the
        // call as arrays are), for the overloads that take spans.
        [DllImport(Library, CallingConvention = Cdecl, EntryPoint = "slidetable_distances")]
        internal static extern int slidetable_distances_ref(ulong table, ref byte cells, UIntPtr ncells, ref int output,
            UIntPtr count, long timeoutMs, ulong cancel, out UIntPtr done);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_distances_text(ulong table, byte[] text, UIntPtr textLen,
            [Out] int[] output, UIntPtr cap, long timeoutMs, ulong cancel, out UIntPtr count, out UIntPtr done);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_level(ulong table, int min, int max, ulong seed, long timeoutMs,
            ulong cancel, [Out] byte[] cells, UIntPtr cap, out UIntPtr len, out int distance);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_cancel_new(out ulong cancel);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_cancel_fire(ulong cancel);

        [DllImport(Library, CallingConvention = Cdecl)]
        internal static extern int slidetable_cancel_free(ulong cancel);

        /// <summary>The library's file names, for messages.</summary>
        const string FileNames = "slidetable (libslidetable.so on Linux and Android, libslidetable.dylib " +
            "on macOS, slidetable.dll on Windows)";

        static volatile bool loaded;
        static readonly object loading = new object();

        /// <summary>
        /// Loads the library on first use and checks that it has the
        /// interface these declarations follow; it throws
        /// <see cref="DllNotFoundException"/> saying how to build it.
        /// </summary>
        internal static void Load()
        {
            if (loaded)
            {
                return;
            }
            lock (loading)
            {
                if (!loaded)
                {
                    LoadOnce();
                }
            }
        }

        static void LoadOnce()
        {
            int version;
            try
            {
                version = slidetable_abi_version();
            }
            catch (DllNotFoundException e)
            {
                throw new DllNotFoundException("slidetable: cannot load the native library " + FileNames +
                    ": build it from a clone of the repository with 'go build -buildmode=c-shared -o " +
                    "libslidetable.so ./c' (named as above) and put it where the runtime finds it " +
                    "(see csharp/README.md)", e);
            }
            catch (EntryPointNotFoundException e)
            {
                throw new DllNotFoundException("slidetable: the native library " + FileNames +
                    " that was loaded is not libslidetable (it has no slidetable_abi_version)", e);
            }
            if (version != AbiVersion)
            {
                throw new InvalidOperationException("slidetable: the native library " + FileNames +
                    " that was loaded has interface version " + version + ", this binding wants " + AbiVersion +
                    ": build the library and the binding from the same sources");
            }
            AppDomain.CurrentDomain.ProcessExit += CloseAll;
            AppDomain.CurrentDomain.DomainUnload += CloseAll;
            loaded = true;
        }

        /// <summary>The numbers of the tables open.</summary>
        static readonly HashSet<ulong> open = new HashSet<ulong>();

        /// <summary>Counts table among those open, for <see cref="CloseAll"/>.</summary>
        internal static void Opened(ulong table)
        {
            lock (open)
            {
                open.Add(table);
            }
        }

        /// <summary>Closes table, once.</summary>
        internal static void Close(ulong table)
        {
            bool wasOpen;
            lock (open)
            {
                wasOpen = open.Remove(table);
            }
            if (wasOpen)
            {
                slidetable_close(table);
            }
        }

        /// <summary>
        /// Closes every table open, as the process exits or the
        /// application domain unloads: Mono would otherwise wait for ever
        /// at exit for a thread in a search that no one cancelled.
        /// </summary>
        static void CloseAll(object sender, EventArgs e)
        {
            ulong[] tables;
            lock (open)
            {
                tables = new ulong[open.Count];
                open.CopyTo(tables);
            }
            foreach (ulong t in tables)
            {
                Close(t);
            }
        }

        /// <summary>The kind of a status code; a code this binding does not know is internal.</summary>
        internal static ErrorKind KindOf(int status)
        {
            return status >= (int)ErrorKind.Argument && status <= (int)ErrorKind.Internal
                ? (ErrorKind)status
                : ErrorKind.Internal;
        }

        /// <summary>
        /// The exception of a failed call's status, with the message the
        /// library keeps for the calling thread: call it on the thread of
        /// the call, before any other call. A call ended by token throws
        /// <see cref="OperationCanceledException"/>; one on table, closed
        /// by <see cref="Table.Dispose"/>, <see cref="ObjectDisposedException"/>.
        /// </summary>
        internal static Exception Failure(int status, CancellationToken token, TableHandle table = null,
            int? index = null)
        {
            var e = new SlidetableException(KindOf(status), LastError(), index);
            if (status == ErrCancelled && token.IsCancellationRequested)
            {
                return new OperationCanceledException(e.Message, e, token);
            }
            if (status == ErrHandle && table != null && table.Closed)
            {
                return table.Disposed();
            }
            return e;
        }

        /// <summary>Throws the exception of status unless it is Ok.</summary>
        internal static void Check(int status)
        {
            if (status != Ok)
            {
                throw Failure(status, CancellationToken.None);
            }
        }

        /// <summary>The message of the last call that failed on this thread.</summary>
        static string LastError()
        {
            var buf = new byte[ErrorMax];
            UIntPtr len;
            slidetable_error(buf, (UIntPtr)buf.Length, out len);
            return Encoding.UTF8.GetString(buf, 0, (int)Math.Min((ulong)len, (ulong)buf.Length - 1));
        }

        /// <summary>A call writing text into buf of cap bytes, its length into len.</summary>
        internal delegate int TextCall(byte[] buf, UIntPtr cap, out UIntPtr len);

        /// <summary>The text of call, given room enough.</summary>
        internal static string Text(TextCall call)
        {
            var buf = new byte[256];
            while (true)
            {
                UIntPtr len;
                int status = call(buf, (UIntPtr)buf.Length, out len);
                if (status == ErrTruncated && (ulong)len + 1 > (ulong)buf.Length)
                {
                    buf = new byte[checked((int)len + 1)];
                    continue;
                }
                Check(status);
                return Encoding.UTF8.GetString(buf, 0, (int)len);
            }
        }

        /// <summary>
        /// The UTF-8 bytes of text given to the library: see <see cref="CheckText"/>.
        /// </summary>
        internal static byte[] Utf8(string text, string what)
        {
            CheckText(text, what);
            return Encoding.UTF8.GetBytes(text);
        }

        /// <summary>
        /// Checks text to be given to the library (what names it, index is
        /// that of a board in a batch): null is refused, and text holding a
        /// NUL character is <see cref="ErrorKind.Input"/>, since the library
        /// reads text up to a NUL (slidetable.h) and would answer what comes
        /// before it ("RR\0UU" is no scramble RR). Every text the binding
        /// gives the library is checked here.
        /// </summary>
        internal static void CheckText(string text, string what, int? index = null)
        {
            if (text == null)
            {
                throw new ArgumentNullException(what);
            }
            if (text.IndexOf('\0') >= 0)
            {
                throw new SlidetableException(ErrorKind.Input, (index == null ? what : what + " " + index) + " \"" +
                    text.Replace("\0", "\\0") + "\" holds a NUL character, where the library would end the text",
                    index);
            }
        }

        /// <summary>
        /// The timeout_ms of a time limit: 0 (none) for null; else the
        /// limit in whole milliseconds, rounded up. A limit not above zero
        /// or above 7 days is refused.
        /// </summary>
        internal static long TimeoutMs(TimeSpan? timeout)
        {
            if (timeout == null)
            {
                return 0;
            }
            TimeSpan t = timeout.Value;
            if (t <= TimeSpan.Zero || t > TimeSpan.FromMilliseconds(MaxTimeoutMs))
            {
                throw new SlidetableException(ErrorKind.Argument, "timeout " + t +
                    ": want a time above zero and at most 7 days, or null for no limit");
            }
            const long ticksPerMs = TimeSpan.TicksPerMillisecond;
            return (t.Ticks + ticksPerMs - 1) / ticksPerMs;
        }
    }

    /// <summary>
    /// A table of the library, held by number. Numbers are never reused,
    /// so closing one while calls on it are under way is safe: the library
    /// ends those that search and waits for the others.
    /// </summary>
    internal sealed class TableHandle : SafeHandle
    {
        internal readonly ulong Id;
        int closed;

        /// <summary>The size of the table, for messages ("3x3").</summary>
        internal string Size = "";

        internal TableHandle(ulong id)
            : base(IntPtr.Zero, true)
        {
            Id = id;
            Native.Opened(id);
            // The number is kept in Id, which a 32-bit IntPtr cannot hold;
            // the IntPtr only says the handle is valid.
            SetHandle(new IntPtr(1));
        }

        /// <summary>Whether the handle was closed.</summary>
        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        /// <summary>Whether <see cref="CloseNow"/> was called.</summary>
        internal bool Closed
        {
            get { return Volatile.Read(ref closed) != 0; }
        }

        /// <summary>
        /// Closes the library's table now, even while calls on it are
        /// under way (those searching end as cancelled), once.
        /// </summary>
        internal void CloseNow()
        {
            if (Interlocked.Exchange(ref closed, 1) == 0)
            {
                Native.Close(Id);
            }
        }

        /// <summary>The exception of a call on the table once it is closed.</summary>
        internal ObjectDisposedException Disposed()
        {
            return new ObjectDisposedException("Slidetable.Table", "the " + Size + " table is closed");
        }

        protected override bool ReleaseHandle()
        {
            CloseNow();
            return true;
        }
    }

    /// <summary>A cancel token of the library: fired, it ends the calls given it.</summary>
    internal sealed class CancelHandle : SafeHandle
    {
        internal readonly ulong Id;

        /// <summary>Fires the CancelHandle it is given; for CancellationToken.Register.</summary>
        internal static readonly Action<object> FireCallback = state => ((CancelHandle)state).Fire();

        CancelHandle(ulong id)
            : base(IntPtr.Zero, true)
        {
            Id = id;
            SetHandle(new IntPtr(1));
        }

        /// <summary>A new cancel token.</summary>
        internal static CancelHandle New()
        {
            ulong id;
            Native.Check(Native.slidetable_cancel_new(out id));
            return new CancelHandle(id);
        }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        /// <summary>Fires the token, unless it was released already (then there is nothing to end).</summary>
        internal void Fire()
        {
            bool added = false;
            try
            {
                DangerousAddRef(ref added);
                Native.slidetable_cancel_fire(Id);
            }
            catch (ObjectDisposedException)
            {
            }
            finally
            {
                if (added)
                {
                    DangerousRelease();
                }
            }
        }

        protected override bool ReleaseHandle()
        {
            return Native.slidetable_cancel_free(Id) == Native.Ok;
        }
    }

    /// <summary>
    /// One call into the library: holds its table open for the call's
    /// length and, if its CancellationToken can be cancelled, a cancel
    /// token of the library that the CancellationToken fires. Dispose it
    /// when the call has returned.
    /// </summary>
    internal struct NativeCall : IDisposable
    {
        readonly TableHandle table;
        readonly CancellationToken token;
        readonly CancelHandle cancel;
        readonly CancellationTokenRegistration registration;
        readonly bool held;

        internal NativeCall(TableHandle table, CancellationToken token)
        {
            token.ThrowIfCancellationRequested();
            this.table = table;
            this.token = token;
            cancel = null;
            registration = default(CancellationTokenRegistration);
            held = false;
            if (table != null)
            {
                if (table.Closed)
                {
                    throw table.Disposed();
                }
                bool added = false;
                try
                {
                    table.DangerousAddRef(ref added);
                }
                catch (ObjectDisposedException)
                {
                    throw table.Disposed();
                }
                held = added;
            }
            if (token.CanBeCanceled)
            {
                try
                {
                    cancel = CancelHandle.New();
                    registration = token.Register(CancelHandle.FireCallback, cancel);
                }
                catch
                {
                    Dispose();
                    throw;
                }
            }
        }

        /// <summary>The table's number.</summary>
        internal ulong Table
        {
            get { return table.Id; }
        }

        /// <summary>The cancel token's number, 0 for none.</summary>
        internal ulong Cancel
        {
            get { return cancel == null ? 0 : cancel.Id; }
        }

        /// <summary>Throws the exception of status unless it is Ok (for the board at index of a batch).</summary>
        internal void Check(int status, int? index = null)
        {
            if (status != Native.Ok)
            {
                throw Native.Failure(status, token, table, index);
            }
        }

        public void Dispose()
        {
            // Unregistering waits for a callback under way, so the token is
            // never fired after it is freed.
            registration.Dispose();
            if (cancel != null)
            {
                cancel.Dispose();
            }
            if (held)
            {
                table.DangerousRelease();
            }
        }
    }
}
