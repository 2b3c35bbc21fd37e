/*
 * slidetable.h: the C interface of libslidetable, exact answers about
 * sliding-tile puzzles (the 15-puzzle family) for game code in any
 * language that can call C.
 *
 * Build the library from a clone of the repository with Go:
 *
 *     go build -buildmode=c-shared -o libslidetable.so ./c
 *
 * (libslidetable.dylib on macOS, slidetable.dll on Windows), and link
 * against it: cc game.c -I c -L . -lslidetable. Include this header, not
 * the libslidetable.h that go build writes beside the library (cgo's
 * declarations of the same functions). The library holds the Go runtime;
 * load one copy of it per process.
 *
 * BOARDS. A board of W columns and H rows is its n = W*H cells in reading
 * order, each a uint8_t: 0 for the blank, the tiles 1..n-1 (the size
 * caps n at 256, so every tile fits). The standard goal is 1..n-1 with the
 * blank last. A move is the number of the tile that slides into the
 * blank; in the multi-tile metric, the tile tapped, which slides with
 * every tile between it and the blank.
 *
 * TABLES. A slidetable_table is what answers boards of one size, towards
 * one goal, in one metric: an exact table, whose answers are lookups, or,
 * where there is none, an optimal search (IDA*) with the best lower bound
 * there is. slidetable_open chooses what answers a size as the command
 * line does: the table built in (2x2 up to 3x3 and 4x2, both metrics), else
 * one installed in the cache folder, else a search guided by the installed
 * database or the built-in 4x4 one (a pattern database in single-tile
 * moves, an abstraction database in multi-tile ones), else by a bound
 * computed from the board. slidetable_open_file opens a table or database
 * file that 'slidetable build' wrote. Each open reads its own copy of what
 * answers: open a table once and share it between threads.
 *
 * PROOF. Nothing answers before it is proven exact on this machine, as in
 * every command: a table of up to 10 cells is proven as it is read; a
 * 12-cell table or a pattern database on its first use (in seconds; a
 * pattern database takes as long as building it), and the proof is
 * recorded in the cache folder under the hash of the bytes read, so that
 * later opens find the record. The cache folder is $SLIDETABLE_CACHE if
 * set, else slidetable in the user's cache folder ($XDG_CACHE_HOME or
 * ~/.cache on Linux, ~/Library/Caches on macOS, %LocalAppData% on
 * Windows), read when the library loads: the folder of the command line's
 * installed files and proof records (see 'go doc ./source'). A record
 * counts only if no other user could have written it.
 *
 * STATUS. Every function that can fail returns an int status:
 * SLIDETABLE_OK (0) or one of the codes below. On failure the outputs are
 * unspecified unless a function says otherwise, and slidetable_error
 * gives the message, in the words the command line prints
 * ("tile 7 appears twice"). Whether a board can reach the goal is an
 * answer, not a failure: its distance is SLIDETABLE_UNSOLVABLE.
 *
 * MEMORY. The caller owns every buffer. The library never returns memory
 * to free and never keeps a pointer it was given after the call returns;
 * handles are numbers, not pointers. An output array comes with its
 * capacity in elements and a pointer that receives the length needed:
 * if the capacity is too small the call returns SLIDETABLE_ERR_TRUNCATED
 * having written what fits and the length needed. Text is UTF-8. Text
 * given to the library comes with its length in bytes, and is read up to
 * that length or the first NUL byte, whichever comes first. A NULL
 * pointer, a length or number out of bounds and a handle that is not open
 * are refused with SLIDETABLE_ERR_ARGUMENT or SLIDETABLE_ERR_HANDLE; what
 * cannot be checked (a pointer to memory too small for the length given)
 * is the caller's to get right.
 *
 * THREADS. Every function may be called from any thread, at the same
 * time as any other, on the same handles: a table answers many threads
 * at once. slidetable_close ends the calls still searching on that table
 * (they return SLIDETABLE_ERR_CANCELLED) and waits for the others to
 * return. slidetable_error is per thread.
 *
 * TIME. Every call that may search or prove takes timeout_ms, a bound on
 * its work in milliseconds (0: none; at most SLIDETABLE_MAX_TIMEOUT_MS),
 * after which it returns SLIDETABLE_ERR_TIMEOUT, and cancel, a cancel
 * token (0: none) that another thread may fire to make it return
 * SLIDETABLE_ERR_CANCELLED. A lookup in an exact table takes about 200
 * nanoseconds (most of it the call's crossing into Go and back), a 4x4
 * search milliseconds to a second, and a random 5x5 board more than any
 * reasonable time limit.
 *
 * Processes that fork: call the library only in the parent or only in
 * children started after it is loaded with exec (the Go runtime's
 * threads do not survive fork).
 */
#ifndef SLIDETABLE_H
#define SLIDETABLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SLIDETABLE_ABI_VERSION is the version of this interface;
 * slidetable_abi_version returns the library's, which must equal it. */
#define SLIDETABLE_ABI_VERSION 1

/* Status codes. */
enum {
	SLIDETABLE_OK = 0,
	SLIDETABLE_ERR_ARGUMENT = 1,  /* a NULL pointer, or a length or number out of bounds */
	SLIDETABLE_ERR_HANDLE = 2,    /* not an open table (or cancel token): closed, freed, never opened, or of the other kind */
	SLIDETABLE_ERR_TRUNCATED = 3, /* an output is larger than its buffer: what fits and the length needed were written */
	SLIDETABLE_ERR_INPUT = 4,     /* a bad size, board, goal, metric or distance range, named by the message */
	SLIDETABLE_ERR_FILE = 5,      /* a file cannot be read, is not of the kind wanted, is damaged, or fails its proof */
	SLIDETABLE_ERR_MEMORY = 6,    /* a file or proof needs more memory than the limit (half the physical memory) */
	SLIDETABLE_ERR_TIMEOUT = 7,   /* the call's time limit ran out first */
	SLIDETABLE_ERR_CANCELLED = 8, /* its cancel token was fired, or its table closed, first */
	SLIDETABLE_ERR_NOT_FOUND = 9, /* slidetable_level drew no board in range: rare distances; try again or widen the range */
	SLIDETABLE_ERR_INTERNAL = 10  /* a bug: please report the message */
};

/* Metrics: what counts as one move. */
enum {
	SLIDETABLE_SINGLE = 0, /* one tile slides into the blank */
	SLIDETABLE_MULTI = 1   /* a tap slides every tile between the tapped one and the blank */
};

/* SLIDETABLE_UNSOLVABLE is the distance of a board that cannot reach the goal. */
#define SLIDETABLE_UNSOLVABLE (-1)

/* Bounds on what the calls take. */
#define SLIDETABLE_MAX_CELLS 256                 /* cells of a board */
#define SLIDETABLE_MAX_TIMEOUT_MS 604800000      /* timeout_ms: 7 days, as the command line's -timeout */
#define SLIDETABLE_MAX_PATH 4096                 /* bytes of a file name */
#define SLIDETABLE_MAX_BOARD_TEXT 65536          /* bytes of one board written as text */
#define SLIDETABLE_MAX_BOARDS ((size_t)1 << 30)  /* boards of one batch call */
#define SLIDETABLE_MAX_BATCH_TEXT ((size_t)1 << 31) /* bytes of a batch of boards as text */
#define SLIDETABLE_MAX_LEVEL 1000                /* min and max of slidetable_level */
#define SLIDETABLE_MAX_MOVES 65536               /* moves of slidetable_letters and slidetable_scramble */

/* SLIDETABLE_MOVES_BOUND(w, h) bounds the moves of any shortest solution
 * of a w x h board, in either metric (see slidetable_info for the exact
 * largest distance, where it is known). */
#define SLIDETABLE_MOVES_BOUND(w, h) (20 * (w) * (h) * ((w) + (h)))

/* A table: what answers boards of one size, goal and metric. 0 is no table. */
typedef uint64_t slidetable_table;

/* A cancel token: fired from any thread, it ends the calls given it. 0 is none. */
typedef uint64_t slidetable_cancel;

/* ---- The library ---- */

/* slidetable_abi_version returns SLIDETABLE_ABI_VERSION of the library
 * loaded, to compare with the header's. */
int slidetable_abi_version(void);

/* slidetable_status_name returns a short constant description of a status
 * code ("ok", "timed out", ...), or "unknown status" for another number.
 * The string is static: do not free or change it. */
const char *slidetable_status_name(int status);

/* slidetable_error writes the message of the last call that failed on
 * the calling thread ("tile 7 appears twice"), NUL-terminated, into buf of
 * cap bytes, and its length without the NUL into *len (len may be NULL).
 * It returns SLIDETABLE_ERR_TRUNCATED if cap < *len + 1, having written
 * the first cap - 1 bytes and a NUL. Calls that succeed leave the message
 * as it was; before any failure it is empty. */
int slidetable_error(char *buf, size_t cap, size_t *len);

/* slidetable_warnings writes what the library passed over without losing
 * an answer's exactness, one sentence a line, since it was loaded: an
 * installed entry that is not a regular file, a folder of proof records
 * that another user could write to, a block of a pattern database that
 * failed its checksum (searches go on, slower). Same conventions as
 * slidetable_error; empty if there is nothing to say. */
int slidetable_warnings(char *buf, size_t cap, size_t *len);

/* ---- Tables ---- */

/* slidetable_parse_size reads a size written WxH ("3x3", "4x2": W columns,
 * H rows), text_len bytes of text, into *width and *height. */
int slidetable_parse_size(const char *text, size_t text_len, int *width, int *height);

/* slidetable_open returns in *table what answers boards of width x height
 * (each at least 2, at most 256 cells) in the metric towards goal: the
 * goal_len = width*height cells of the goal, or NULL and 0 for the standard
 * goal (only the standard goal has built-in and installed files; another is
 * answered by a search). Opening may read and prove an installed file:
 * timeout_ms and cancel bound it. Close the table with slidetable_close. */
int slidetable_open(int width, int height, int metric, const uint8_t *goal, size_t goal_len,
                    int64_t timeout_ms, slidetable_cancel cancel, slidetable_table *table);

/* slidetable_open_file opens and proves the table or database file at
 * path (path_len bytes; see MEMORY), which answers boards of its size
 * towards its goal: a table in the metric it counts, a pattern database by
 * search in single-tile moves, an abstraction database by search in
 * multi-tile moves (where a table of the size is built in, it answers). */
int slidetable_open_file(const char *path, size_t path_len, int64_t timeout_ms, slidetable_cancel cancel,
                         slidetable_table *table);

/* slidetable_close closes a table: calls on it still searching return
 * SLIDETABLE_ERR_CANCELLED, and it returns once every call on it has,
 * releasing its memory and files. The handle is not valid after. */
int slidetable_close(slidetable_table table);

/* slidetable_info writes what a table answers: its size, metric
 * (SLIDETABLE_SINGLE or SLIDETABLE_MULTI), whether an exact table answers
 * (1) or a search (0), and the largest distance of any board of the size
 * in the metric, or -1 where it is not known. Any pointer may be NULL. */
int slidetable_info(slidetable_table table, int *width, int *height, int *metric, int *exact, int *max_distance);

/* slidetable_goal writes the table's goal, its n cells, into cells of cap
 * elements, and n into *len. */
int slidetable_goal(slidetable_table table, uint8_t *cells, size_t cap, size_t *len);

/* slidetable_describe writes what answers, for a person ("the built-in
 * 3x3 table", "a search with the built-in 4x4 pattern database"), as
 * slidetable_error writes messages. */
int slidetable_describe(slidetable_table table, char *buf, size_t cap, size_t *len);

/* ---- Boards ---- */

/* slidetable_parse reads a board of width x height written as the
 * command line takes it, text_len bytes of text ("8 6 7/2 5 4/3 0 1",
 * "8,6,7,2,5,4,3,0,1"; at most SLIDETABLE_MAX_BOARD_TEXT), into cells of
 * cap elements, and n into *len. A bad board is SLIDETABLE_ERR_INPUT. */
int slidetable_parse(int width, int height, const char *text, size_t text_len, uint8_t *cells, size_t cap,
                     size_t *len);

/* slidetable_random writes a board drawn uniformly among those that can
 * reach the table's goal: the same seed gives the same board (for the
 * standard goal, the first that 'slidetable gen -seed SEED WxH' prints). */
int slidetable_random(slidetable_table table, uint64_t seed, uint8_t *cells, size_t cap, size_t *len);

/* ---- Questions about a board ----
 * Each takes the board's ncells cells, which must be n of them, each of
 * 0..n-1 once (else SLIDETABLE_ERR_INPUT, naming the problem), and is
 * answered as every front end answers it (the command line, the HTTP
 * API, the npm package): where the size is searched (4x4), a board of the
 * built-in level pack (as slidetable_level deals it) or one on its stored
 * solution is answered from the pack, with no search, its hint being the
 * next move of that solution (partial); a board the pack holds near its
 * levels with every optimal move. A file the table was opened with
 * answers instead. */

/* slidetable_solvable writes 1 to *solvable if the board can reach the
 * goal, 0 otherwise (the parity rule; no search). */
int slidetable_solvable(slidetable_table table, const uint8_t *cells, size_t ncells, int *solvable);

/* slidetable_distance writes the fewest moves from the board to the goal
 * into *distance, or SLIDETABLE_UNSOLVABLE. */
int slidetable_distance(slidetable_table table, const uint8_t *cells, size_t ncells, int64_t timeout_ms,
                        slidetable_cancel cancel, int *distance);

/* slidetable_hints writes the distance into *distance and the optimal
 * next moves (the tiles to move, at most 4 in single-tile moves, w+h-2 in
 * multi-tile ones) into moves of cap elements, their number into *nmoves:
 * none at the goal or for a board that cannot reach it (distance
 * SLIDETABLE_UNSOLVABLE). They are every optimal move, but for a board a
 * level pack answers with the one it knows (the next move of its stored
 * solution, found with no search), as every front end answers a hint:
 * then *partial, if partial is not NULL, is 1, else 0. */
int slidetable_hints(slidetable_table table, const uint8_t *cells, size_t ncells, int64_t timeout_ms,
                     slidetable_cancel cancel, int *distance, uint8_t *moves, size_t cap, size_t *nmoves,
                     int *partial);

/* slidetable_solve writes a shortest solution, the tiles to move in
 * order, into moves of cap elements, their number into *nmoves and into
 * *distance; or none and SLIDETABLE_UNSOLVABLE. A solution has at most
 * slidetable_info's max_distance moves where that is known, and never
 * more than SLIDETABLE_MOVES_BOUND(w, h). */
int slidetable_solve(slidetable_table table, const uint8_t *cells, size_t ncells, int64_t timeout_ms,
                     slidetable_cancel cancel, int *distance, uint8_t *moves, size_t cap, size_t *nmoves);

/* slidetable_letters writes nmoves moves of the table's metric (tiles, as
 * slidetable_hints and slidetable_solve give them; at most
 * SLIDETABLE_MAX_MOVES) in the speedsolvers' notation, as slidetable_error
 * writes messages: for each move the way its tiles slide, U, D, L or R,
 * followed in the multi-tile metric, when more than one tile slides, by
 * how many do. With path nonzero the moves are played one after another
 * from the board (a solution: "R3D2L"); with path 0 each is a move of the
 * board (hints: "R D2", separated by spaces). A move that cannot be played
 * is SLIDETABLE_ERR_INPUT, naming it. */
int slidetable_letters(slidetable_table table, const uint8_t *cells, size_t ncells, const uint8_t *moves,
                       size_t nmoves, int path, char *buf, size_t cap, size_t *len);

/* slidetable_scramble writes the board that the moves of text make from
 * the table's goal, into cells of cap elements, and n into *len. text is
 * text_len bytes (at most SLIDETABLE_MAX_BOARD_TEXT) of moves in the
 * speedsolvers' notation, either form ("RRDL", "R3D2L"; spaces between
 * moves allowed). Text that cannot be read or played is
 * SLIDETABLE_ERR_INPUT, naming the move. */
int slidetable_scramble(slidetable_table table, const char *text, size_t text_len, uint8_t *cells, size_t cap,
                        size_t *len);

/* slidetable_distances answers many boards in one call: cells holds
 * count boards, one after the other (ncells = count * n; count at most
 * SLIDETABLE_MAX_BOARDS), and out[i] receives the distance of board i, or
 * SLIDETABLE_UNSOLVABLE. *done (which may be NULL) receives the number
 * of boards answered, in order: count, or on failure the index of the
 * board that failed (a bad board: SLIDETABLE_ERR_INPUT, naming it) or at
 * which the time ran out. Boards a table answers cost a lookup each;
 * searched ones are solved on every core. */
int slidetable_distances(slidetable_table table, const uint8_t *cells, size_t ncells, int32_t *out, size_t count,
                         int64_t timeout_ms, slidetable_cancel cancel, size_t *done);

/* slidetable_distances_text is slidetable_distances for boards written as
 * text, one a line (lines end with '\n'; a last line needs none; every
 * line is a board, an empty one too), text_len bytes in all (at most
 * SLIDETABLE_MAX_BATCH_TEXT). *count receives the number of boards in the
 * text; if it is more than cap, the call answers none and returns
 * SLIDETABLE_ERR_TRUNCATED. On failure *done is as for slidetable_distances. */
int slidetable_distances_text(slidetable_table table, const char *text, size_t text_len, int32_t *out,
                              size_t cap, int64_t timeout_ms, slidetable_cancel cancel, size_t *count,
                              size_t *done);

/* slidetable_level writes a board at a distance in [min, max] from the
 * goal, and its distance: drawn uniformly among all such boards where the
 * table or the search can, else by random walks kept by their exact
 * distance; for 4x4 and the standard goal, dealt at once from the built-in
 * level pack where it holds boards at every distance of the range; as
 * 'slidetable serve' answers GET /api/level (the same seed, the same
 * board). max -1 means the largest distance levels are offered
 * at; both at most SLIDETABLE_MAX_LEVEL. A range with no board, or beyond
 * what is offered, is SLIDETABLE_ERR_INPUT. */
int slidetable_level(slidetable_table table, int min, int max, uint64_t seed, int64_t timeout_ms,
                     slidetable_cancel cancel, uint8_t *cells, size_t cap, size_t *len, int *distance);

/* ---- Cancel tokens ---- */

/* slidetable_cancel_new returns a new cancel token in *cancel. */
int slidetable_cancel_new(slidetable_cancel *cancel);

/* slidetable_cancel_fire cancels every call given the token, now and
 * later: they return SLIDETABLE_ERR_CANCELLED. A token once fired stays
 * fired; make a new one for the next calls. */
int slidetable_cancel_fire(slidetable_cancel cancel);

/* slidetable_cancel_free fires the token and releases it: the handle is
 * not valid after. */
int slidetable_cancel_free(slidetable_cancel cancel);

#ifdef __cplusplus
}
#endif

#endif /* SLIDETABLE_H */
