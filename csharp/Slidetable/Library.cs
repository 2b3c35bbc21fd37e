// What the library answers without a table.

using System;

namespace Slidetable
{
    /// <summary>
    /// The native library libslidetable itself: its version, its warnings,
    /// and reading sizes and boards written as text.
    /// </summary>
    public static class Library
    {
        /// <summary>The interface version (SLIDETABLE_ABI_VERSION) this binding is written for.</summary>
        public const int InterfaceVersion = Native.AbiVersion;

        /// <summary>
        /// The interface version of the library loaded, which equals
        /// <see cref="InterfaceVersion"/> (the library is checked as it
        /// loads: a library of another version throws
        /// <see cref="InvalidOperationException"/>, none
        /// <see cref="DllNotFoundException"/>).
        /// </summary>
        public static int LoadedVersion
        {
            get
            {
                Native.Load();
                return Native.slidetable_abi_version();
            }
        }

        /// <summary>
        /// What the library passed over without losing an answer's
        /// exactness since it was loaded, one sentence a line: an installed
        /// entry that is not a regular file, a folder of proof records that
        /// another user could write to, a block of a pattern database that
        /// failed its checksum. Empty if there is nothing to say.
        /// </summary>
        public static string Warnings
        {
            get
            {
                Native.Load();
                return Native.Text(Native.slidetable_warnings);
            }
        }

        /// <summary>
        /// Reads a size written WxH ("3x3", "4x2": W columns, H rows); a bad
        /// one is <see cref="ErrorKind.Input"/>.
        /// </summary>
        public static void ParseSize(string size, out int width, out int height)
        {
            Native.Load();
            byte[] text = Native.Utf8(size, "size");
            Native.Check(Native.slidetable_parse_size(text, (UIntPtr)text.Length, out width, out height));
        }

        /// <summary>
        /// The cells of a board of width x height written as the command
        /// line takes it ("8 6 7/2 5 4/3 0 1", "8,6,7,2,5,4,3,0,1"),
        /// checked; a bad board is <see cref="ErrorKind.Input"/>, named by
        /// the message.
        /// </summary>
        public static byte[] Parse(int width, int height, string board)
        {
            Native.Load();
            byte[] text = Native.Utf8(board, "board");
            long n = (long)width * height;
            var cells = new byte[n > 0 && n <= Native.MaxCells ? n : Native.MaxCells];
            UIntPtr len;
            Native.Check(Native.slidetable_parse(width, height, text, (UIntPtr)text.Length, cells,
                (UIntPtr)cells.Length, out len));
            Array.Resize(ref cells, (int)len);
            return cells;
        }
    }
}
