// The errors of the library, by kind.

using System;

namespace Slidetable
{
    /// <summary>
    /// What went wrong: the status codes of libslidetable (c/slidetable.h),
    /// by the same numbers, so that every front end of the library names a
    /// failure alike.
    /// </summary>
    public enum ErrorKind
    {
        /// <summary>A length or number out of bounds (SLIDETABLE_ERR_ARGUMENT).</summary>
        Argument = 1,

        /// <summary>Not an open table: closed, or never opened (SLIDETABLE_ERR_HANDLE).</summary>
        Handle = 2,

        /// <summary>An output larger than its buffer (SLIDETABLE_ERR_TRUNCATED); the binding makes room, so this is not seen.</summary>
        Truncated = 3,

        /// <summary>A bad size, board, goal, metric or distance range, named by the message (SLIDETABLE_ERR_INPUT).</summary>
        Input = 4,

        /// <summary>A file that cannot be read, is not of the kind wanted, is damaged, or fails its proof (SLIDETABLE_ERR_FILE).</summary>
        File = 5,

        /// <summary>A file or proof that needs more memory than the limit, half the physical memory (SLIDETABLE_ERR_MEMORY).</summary>
        Memory = 6,

        /// <summary>The call's time limit ran out first (SLIDETABLE_ERR_TIMEOUT).</summary>
        Timeout = 7,

        /// <summary>The call was cancelled, or its table closed, first (SLIDETABLE_ERR_CANCELLED).</summary>
        Cancelled = 8,

        /// <summary>No level was drawn in the range: rare distances; try again or widen the range (SLIDETABLE_ERR_NOT_FOUND).</summary>
        NotFound = 9,

        /// <summary>A bug: please report the message (SLIDETABLE_ERR_INTERNAL).</summary>
        Internal = 10,
    }

    /// <summary>
    /// A failure of the library, with the command line's message
    /// ("tile 7 appears twice") and its <see cref="Kind"/>.
    /// </summary>
    /// <remarks>
    /// A call ended by its <see cref="System.Threading.CancellationToken"/>
    /// throws <see cref="OperationCanceledException"/> instead, as .NET's
    /// own calls do, with the <see cref="SlidetableException"/> of kind
    /// <see cref="ErrorKind.Cancelled"/> as its inner exception when the
    /// library's call was under way. A table used after
    /// <see cref="Table.Dispose"/> throws <see cref="ObjectDisposedException"/>,
    /// and a null board <see cref="ArgumentNullException"/>.
    /// </remarks>
    public class SlidetableException : Exception
    {
        /// <summary>Makes an exception of kind with message, for the board at index of a batch (or null).</summary>
        public SlidetableException(ErrorKind kind, string message, int? index = null)
            : base(message)
        {
            Kind = kind;
            Index = index;
        }

        /// <summary>What went wrong.</summary>
        public ErrorKind Kind { get; private set; }

        /// <summary>The status code of c/slidetable.h: the number of <see cref="Kind"/>.</summary>
        public int Status
        {
            get { return (int)Kind; }
        }

        /// <summary>
        /// For a call on many boards, the index of the board that failed
        /// or at which the time ran out (the boards before it were
        /// answered); else null.
        /// </summary>
        public int? Index { get; private set; }
    }
}
