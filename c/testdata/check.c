/*
 * check: the C side of libslidetable's tests (c_test.go), a program
 * compiled with the system's C compiler and linked against the library.
 * Each mode asks the library something and prints what it answers, for
 * the Go test to compare with the Go packages' answers, or checks
 * something only C can (threads, bad pointers) and says "ok" or what
 * went wrong. It exits 1 on a failure it sees itself.
 *
 *   check all3x3 METRIC OUT   the distance of every permutation of 0..8, in
 *                             lexicographic order, one byte each (255:
 *                             unsolvable), asked one at a time, in one batch
 *                             and in one batch of text, which must agree;
 *                             and the hints and a solution of every 1000th
 *   check boards W H METRIC   for each board read from standard input, one a
 *                             line: "distance;hints;solution"
 *   check levels              for each "W H METRIC MIN MAX SEED" line of
 *                             standard input: "cells;distance"
 *   check random W H SEED     the board slidetable_random draws
 *   check letters W H METRIC  for each line of moves in letters read from
 *                             standard input: the board they make from the
 *                             goal, and its solution and hints in letters:
 *                             "cells;solution;hints"
 *   check threads             two threads ask at once; a search cancelled
 *                             from another thread; a table closed under one
 *   check timeout MS          a 5x5 search with a time limit of MS
 *   check bad                 bad pointers, lengths, numbers and handles
 *   check messages            for each "W H TEXT" line of standard input,
 *                             the status and message of parsing TEXT
 *   check file PATH           open a file: its info, or the failure; then
 *                             answer the boards of standard input as boards
 *   check bench N             N lookups of random 3x3 boards: ns a lookup;
 *                             and N calls that look nothing up: ns a crossing
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "slidetable.h"

static int failures;

#define FAIL(...)                                  \
	do {                                           \
		fprintf(stderr, "check:%d: ", __LINE__);   \
		fprintf(stderr, __VA_ARGS__);              \
		fprintf(stderr, "\n");                     \
		failures++;                                \
	} while (0)

/* message returns the calling thread's last error message. */
static const char *message(void) {
	static _Thread_local char buf[4096];
	slidetable_error(buf, sizeof buf, NULL);
	return buf;
}

/* must stops the program if a call did not return want. */
static void must(int got, int want, const char *what) {
	if (got != want) {
		fprintf(stderr, "check: %s: status %d (%s: %s), want %d\n", what, got, slidetable_status_name(got),
		        message(), want);
		exit(1);
	}
}

static slidetable_table open_size(int w, int h, int metric) {
	slidetable_table t = 0;
	must(slidetable_open(w, h, metric, NULL, 0, 0, 0, &t), SLIDETABLE_OK, "slidetable_open");
	return t;
}

/* next_permutation steps p to the next permutation in lexicographic
 * order; it returns 0 after the last. */
static int next_permutation(uint8_t *p, int n) {
	int i = n - 2;
	while (i >= 0 && p[i] >= p[i + 1]) i--;
	if (i < 0) return 0;
	int j = n - 1;
	while (p[j] <= p[i]) j--;
	uint8_t x = p[i]; p[i] = p[j]; p[j] = x;
	for (int a = i + 1, b = n - 1; a < b; a++, b--) {
		x = p[a]; p[a] = p[b]; p[b] = x;
	}
	return 1;
}

static void print_moves(const uint8_t *m, size_t n) {
	for (size_t i = 0; i < n; i++) printf(i ? " %d" : "%d", m[i]);
}

/* answer prints "distance;hints;solution" for one board. */
static void answer(slidetable_table t, const uint8_t *cells, size_t n) {
	int d = 0, hd = 0, sd = 0, partial = -1;
	uint8_t hints[SLIDETABLE_MAX_CELLS], path[4096];
	size_t nh = 0, np = 0;
	must(slidetable_distance(t, cells, n, 60000, 0, &d), SLIDETABLE_OK, "slidetable_distance");
	must(slidetable_hints(t, cells, n, 60000, 0, &hd, hints, sizeof hints, &nh, &partial), SLIDETABLE_OK, "slidetable_hints");
	if (partial != 0 && partial != 1) FAIL("partial %d", partial);
	must(slidetable_solve(t, cells, n, 60000, 0, &sd, path, sizeof path, &np), SLIDETABLE_OK, "slidetable_solve");
	if (hd != d || sd != d || (d >= 0 && np != (size_t)d)) FAIL("distance %d, hints say %d, solve %d with %zu moves", d, hd, sd, np);
	printf("%d;", d);
	print_moves(hints, nh);
	printf(partial ? " partial;" : ";");
	print_moves(path, np);
	printf("\n");
}

static int all3x3(int metric, const char *out) {
	enum { N = 362880 };
	slidetable_table t = open_size(3, 3, metric);
	static uint8_t cells[N * 9], single[N];
	static int32_t batch[N], text[N];
	static char buf[N * 18];
	uint8_t p[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
	size_t k = 0, len = 0;
	do {
		int d, solvable;
		memcpy(cells + 9 * k, p, 9);
		must(slidetable_distance(t, p, 9, 0, 0, &d), SLIDETABLE_OK, "slidetable_distance");
		must(slidetable_solvable(t, p, 9, &solvable), SLIDETABLE_OK, "slidetable_solvable");
		if (solvable != (d != SLIDETABLE_UNSOLVABLE)) FAIL("board %zu: solvable %d, distance %d", k, solvable, d);
		single[k] = (uint8_t)d; /* -1 is 255 */
		for (int i = 0; i < 9; i++) len += (size_t)sprintf(buf + len, i ? ",%d" : "%d", p[i]);
		buf[len++] = '\n';
		k++;
	} while (next_permutation(p, 9));
	size_t done = 0, count = 0;
	must(slidetable_distances(t, cells, sizeof cells, batch, N, 0, 0, &done), SLIDETABLE_OK, "slidetable_distances");
	if (done != N) FAIL("slidetable_distances answered %zu boards, want %d", done, N);
	must(slidetable_distances_text(t, buf, len, text, N, 0, 0, &count, &done), SLIDETABLE_OK, "slidetable_distances_text");
	if (count != N || done != N) FAIL("slidetable_distances_text: %zu boards, %zu answered, want %d", count, done, N);
	for (size_t i = 0; i < N; i++) {
		if ((uint8_t)batch[i] != single[i] || (uint8_t)text[i] != single[i]) {
			FAIL("board %zu: %d alone, %d in a batch, %d as text", i, (int8_t)single[i], batch[i], text[i]);
			break;
		}
	}
	FILE *f = fopen(out, "wb");
	if (f == NULL || fwrite(single, 1, N, f) != N || fclose(f) != 0) {
		perror(out);
		return 1;
	}
	for (size_t i = 0; i < N; i += 1000) {
		for (int j = 0; j < 9; j++) printf(j ? " %d" : "%d", cells[9 * i + j]);
		printf(";");
		answer(t, cells + 9 * i, 9);
	}
	must(slidetable_close(t), SLIDETABLE_OK, "slidetable_close");
	return failures != 0;
}

static int boards(int w, int h, int metric) {
	slidetable_table t = open_size(w, h, metric);
	char line[SLIDETABLE_MAX_BOARD_TEXT];
	while (fgets(line, sizeof line, stdin) != NULL) {
		uint8_t cells[SLIDETABLE_MAX_CELLS];
		size_t n = 0;
		must(slidetable_parse(w, h, line, strlen(line), cells, sizeof cells, &n), SLIDETABLE_OK, "slidetable_parse");
		answer(t, cells, n);
	}
	must(slidetable_close(t), SLIDETABLE_OK, "slidetable_close");
	return failures != 0;
}

static int levels(void) {
	int w, h, metric, lo, hi;
	unsigned long long seed;
	while (scanf("%d %d %d %d %d %llu", &w, &h, &metric, &lo, &hi, &seed) == 6) {
		slidetable_table t = open_size(w, h, metric);
		uint8_t cells[SLIDETABLE_MAX_CELLS];
		size_t n = 0;
		int d = 0;
		must(slidetable_level(t, lo, hi, seed, 60000, 0, cells, sizeof cells, &n, &d), SLIDETABLE_OK, "slidetable_level");
		print_moves(cells, n);
		printf(";%d\n", d);
		must(slidetable_close(t), SLIDETABLE_OK, "slidetable_close");
	}
	return failures != 0;
}

static int random_board(int w, int h, unsigned long long seed) {
	slidetable_table t = open_size(w, h, SLIDETABLE_SINGLE);
	uint8_t cells[SLIDETABLE_MAX_CELLS];
	size_t n = 0;
	must(slidetable_random(t, seed, cells, sizeof cells, &n), SLIDETABLE_OK, "slidetable_random");
	print_moves(cells, n);
	printf("\n");
	return slidetable_close(t) != SLIDETABLE_OK;
}

static int letters(int w, int h, int metric) {
	slidetable_table t = open_size(w, h, metric);
	char line[4096], text[8192];
	while (fgets(line, sizeof line, stdin) != NULL) {
		uint8_t cells[SLIDETABLE_MAX_CELLS], path[4096], hints[SLIDETABLE_MAX_CELLS];
		size_t n = 0, np = 0, nh = 0, len = 0;
		int d = 0;
		line[strcspn(line, "\n")] = 0;
		must(slidetable_scramble(t, line, strlen(line), cells, sizeof cells, &n), SLIDETABLE_OK, "slidetable_scramble");
		print_moves(cells, n);
		must(slidetable_solve(t, cells, n, 60000, 0, &d, path, sizeof path, &np), SLIDETABLE_OK, "slidetable_solve");
		must(slidetable_letters(t, cells, n, path, np, 1, text, sizeof text, &len), SLIDETABLE_OK, "slidetable_letters");
		if (len != strlen(text)) FAIL("letters: length %zu of %s", len, text);
		printf(";%s", text);
		must(slidetable_hints(t, cells, n, 60000, 0, &d, hints, sizeof hints, &nh, NULL), SLIDETABLE_OK, "slidetable_hints");
		must(slidetable_letters(t, cells, n, hints, nh, 0, text, sizeof text, &len), SLIDETABLE_OK, "slidetable_letters");
		printf(";%s\n", text);
	}
	uint8_t goal[SLIDETABLE_MAX_CELLS], bad[] = {1};
	size_t n = 0;
	must(slidetable_goal(t, goal, sizeof goal, &n), SLIDETABLE_OK, "slidetable_goal");
	/* Tile 1 cannot move on the goal; U cannot be played there; X is no move. */
	must(slidetable_letters(t, goal, n, bad, 1, 1, line, sizeof line, &n), SLIDETABLE_ERR_INPUT, "letters of an illegal move");
	must(slidetable_scramble(t, "U", 1, goal, sizeof goal, &n), SLIDETABLE_ERR_INPUT, "scramble U");
	must(slidetable_scramble(t, "RX", 2, goal, sizeof goal, &n), SLIDETABLE_ERR_INPUT, "scramble RX");
	must(slidetable_scramble(t, "R", 1, goal, 2, &n), SLIDETABLE_ERR_TRUNCATED, "scramble into 2 cells");
	must(slidetable_letters(t, goal, (size_t)w * h, NULL, 3, 1, line, sizeof line, &n), SLIDETABLE_ERR_ARGUMENT, "letters of NULL moves");
	must(slidetable_letters(t, goal, (size_t)w * h, bad, (size_t)SLIDETABLE_MAX_MOVES + 1, 1, line, sizeof line, &n), SLIDETABLE_ERR_ARGUMENT, "too many moves");
	must(slidetable_close(t), SLIDETABLE_OK, "slidetable_close");
	return failures != 0;
}

/* ---- threads ---- */

/* A 5x5 board far beyond any search's reach in the time of a test. */
static const char far5x5[] = "5 19 7 1 23/18 22 14 21 0/12 6 2 11 13/9 3 4 17 24/16 20 15 10 8";

struct asker {
	slidetable_table t;
	const uint8_t *cells;
	const int32_t *want;
	size_t count, from;
	int wrong;
};

/* ask asks the distance of every board, starting at a different one in
 * each thread, and counts the answers that differ from the batch's. */
static void *ask(void *arg) {
	struct asker *a = arg;
	for (size_t k = 0; k < a->count; k++) {
		size_t i = (a->from + k) % a->count;
		int d;
		if (slidetable_distance(a->t, a->cells + 9 * i, 9, 0, 0, &d) != SLIDETABLE_OK || d != a->want[i]) a->wrong++;
	}
	return NULL;
}

struct search {
	slidetable_table t;
	slidetable_cancel cancel;
	int status;
	char msg[512];
};

static void *search(void *arg) {
	struct search *s = arg;
	uint8_t cells[25];
	size_t n;
	int d;
	must(slidetable_parse(5, 5, far5x5, sizeof far5x5, cells, sizeof cells, &n), SLIDETABLE_OK, "slidetable_parse");
	s->status = slidetable_distance(s->t, cells, n, 0, s->cancel, &d);
	slidetable_error(s->msg, sizeof s->msg, NULL);
	return NULL;
}

static void sleep_ms(long ms) {
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

static int threads(void) {
	enum { N = 181440 * 2 };
	static uint8_t cells[N * 9];
	static int32_t want[N];
	uint8_t p[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
	size_t k = 0;
	do memcpy(cells + 9 * k++, p, 9);
	while (next_permutation(p, 9));
	slidetable_table t = open_size(3, 3, SLIDETABLE_SINGLE);
	must(slidetable_distances(t, cells, sizeof cells, want, N, 0, 0, NULL), SLIDETABLE_OK, "slidetable_distances");

	/* Two threads ask the same table at once, each every board. */
	struct asker a[2] = {{t, cells, want, N, 0, 0}, {t, cells, want, N, N / 2, 0}};
	pthread_t th[2];
	for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, ask, &a[i]);
	for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
	for (int i = 0; i < 2; i++)
		if (a[i].wrong) FAIL("thread %d: %d answers differ from the batch's", i, a[i].wrong);
	printf("two threads: %d boards each\n", N);

	/* A search cancelled from another thread, while a thread keeps asking
	 * the 3x3 table. */
	slidetable_table t5 = open_size(5, 5, SLIDETABLE_SINGLE);
	struct search s = {t5, 0, -1, ""};
	must(slidetable_cancel_new(&s.cancel), SLIDETABLE_OK, "slidetable_cancel_new");
	pthread_t st, at;
	a[0].wrong = 0;
	pthread_create(&st, NULL, search, &s);
	pthread_create(&at, NULL, ask, &a[0]);
	sleep_ms(200);
	must(slidetable_cancel_fire(s.cancel), SLIDETABLE_OK, "slidetable_cancel_fire");
	pthread_join(st, NULL);
	pthread_join(at, NULL);
	if (s.status != SLIDETABLE_ERR_CANCELLED) FAIL("a cancelled search returned %d (%s)", s.status, s.msg);
	if (a[0].wrong) FAIL("beside the search: %d answers differ", a[0].wrong);
	printf("cancelled: %s\n", s.msg);
	/* A fired token cancels later calls at once, even lookups. */
	int d;
	if (slidetable_distance(t, cells, 9, 0, s.cancel, &d) != SLIDETABLE_ERR_CANCELLED) FAIL("a lookup with a fired token was not cancelled");
	must(slidetable_cancel_free(s.cancel), SLIDETABLE_OK, "slidetable_cancel_free");
	if (slidetable_cancel_fire(s.cancel) != SLIDETABLE_ERR_HANDLE) FAIL("a freed token can still be fired");

	/* A table closed while a search runs on it. */
	s.cancel = 0;
	pthread_create(&st, NULL, search, &s);
	sleep_ms(200);
	must(slidetable_close(t5), SLIDETABLE_OK, "slidetable_close");
	pthread_join(st, NULL);
	if (s.status != SLIDETABLE_ERR_CANCELLED) FAIL("a search on a closed table returned %d (%s)", s.status, s.msg);
	printf("closed: %s\n", s.msg);
	if (slidetable_distance(t5, cells, 9, 0, 0, &d) != SLIDETABLE_ERR_HANDLE) FAIL("a closed table still answers");
	must(slidetable_close(t), SLIDETABLE_OK, "slidetable_close");
	return failures != 0;
}

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int timeout(long ms) {
	slidetable_table t = open_size(5, 5, SLIDETABLE_SINGLE);
	uint8_t cells[25], moves[SLIDETABLE_MOVES_BOUND(5, 5)];
	size_t n, nm;
	int d;
	must(slidetable_parse(5, 5, far5x5, sizeof far5x5, cells, sizeof cells, &n), SLIDETABLE_OK, "slidetable_parse");
	double start = now();
	int st = slidetable_distance(t, cells, n, ms, 0, &d);
	printf("distance: %d %s: %s after %.3f s\n", st, slidetable_status_name(st), message(), now() - start);
	start = now();
	st = slidetable_solve(t, cells, n, ms, 0, &d, moves, sizeof moves, &nm);
	printf("solve: %d %s: %s after %.3f s\n", st, slidetable_status_name(st), message(), now() - start);
	int32_t out[2];
	size_t done = 9;
	uint8_t two[50];
	memcpy(two, cells, 25);
	must(slidetable_parse(5, 5, "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24", 80, two + 25, 25, &n), SLIDETABLE_OK,
	     "slidetable_parse");
	start = now();
	st = slidetable_distances(t, two, 50, out, 2, ms, 0, &done);
	printf("distances: %d %s: %s after %.3f s, %zu answered\n", st, slidetable_status_name(st), message(), now() - start, done);
	return slidetable_close(t) != SLIDETABLE_OK;
}

/* ---- bad input ---- */

#define EXPECT(call, want)                                                                               \
	do {                                                                                                 \
		int got_ = (call);                                                                               \
		if (got_ != (want)) FAIL("%s: %d (%s), want %d", #call, got_, message(), (want));                \
		else if (got_ != SLIDETABLE_OK) printf("%s: %s: %s\n", #call, slidetable_status_name(got_), message()); \
	} while (0)

static int bad(void) {
	slidetable_table t = open_size(3, 3, SLIDETABLE_SINGLE), none = 0, four = 0;
	slidetable_cancel c = 0;
	uint8_t goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0}, board[9] = {8, 6, 7, 2, 5, 4, 3, 0, 1}, moves[64];
	uint8_t dup[9] = {1, 2, 3, 4, 5, 6, 7, 7, 0};
	int d = 0, x = 0;
	size_t n = 0;
	int32_t out[4];
	char buf[8];

	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, NULL, 0, 0, 0, NULL), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open(1, 3, SLIDETABLE_SINGLE, NULL, 0, 0, 0, &none), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_open(17, 16, SLIDETABLE_SINGLE, NULL, 0, 0, 0, &none), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_open(-3, 3, SLIDETABLE_SINGLE, NULL, 0, 0, 0, &none), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_open(3, 3, 2, NULL, 0, 0, 0, &none), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, dup, 9, 0, 0, &none), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, NULL, 9, 0, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, goal, (size_t)-1, 0, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, NULL, 0, -1, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, NULL, 0, SLIDETABLE_MAX_TIMEOUT_MS + 1LL, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open(3, 3, SLIDETABLE_SINGLE, NULL, 0, 0, t, &none), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_open(4, 4, SLIDETABLE_SINGLE, NULL, 0, 0, 0, &four), SLIDETABLE_OK);
	EXPECT(slidetable_parse_size("4x3", 3, &x, &d), SLIDETABLE_OK);
	if (x != 4 || d != 3) FAIL("4x3 reads as %dx%d", x, d);
	EXPECT(slidetable_parse_size("3y3", 3, &x, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_parse_size("3x3", 3, NULL, &d), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open_file(NULL, 5, 0, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open_file("", 0, 0, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_open_file("/nonexistent/4x3.tbl", 20, 0, 0, &none), SLIDETABLE_ERR_FILE);
	EXPECT(slidetable_open_file("/", 1, 0, 0, &none), SLIDETABLE_ERR_FILE);
	EXPECT(slidetable_open_file("x", (size_t)SLIDETABLE_MAX_PATH + 1, 0, 0, &none), SLIDETABLE_ERR_ARGUMENT);
	/* The length bounds the path: no NUL is needed, and one stops it. */
	EXPECT(slidetable_open_file("/nonexistentXYZ", 12, 0, 0, &none), SLIDETABLE_ERR_FILE);

	EXPECT(slidetable_distance(t, board, 9, 0, 0, &d), SLIDETABLE_OK);
	if (d != 31) FAIL("distance %d, want 31", d);
	EXPECT(slidetable_distance(t, dup, 9, 0, 0, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_distance(t, board, 8, 0, 0, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_distance(t, board, 0, 0, 0, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_distance(t, board, (size_t)-1, 0, 0, &d), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distance(t, NULL, 9, 0, 0, &d), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distance(t, board, 9, 0, 0, NULL), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distance(t, board, 9, -5, 0, &d), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distance(0, board, 9, 0, 0, &d), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_distance(t + 1000, board, 9, 0, 0, &d), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_distance(12345, board, 9, 0, 0, &d), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_distance(t, board, 9, 0, t, &d), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_solvable(t, board, 9, NULL), SLIDETABLE_ERR_ARGUMENT);

	EXPECT(slidetable_hints(t, board, 9, 0, 0, &d, moves, 2, &n, NULL), SLIDETABLE_ERR_TRUNCATED);
	if (n != 3 || moves[0] != 5 || moves[1] != 3) FAIL("truncated hints: %zu moves, %d %d", n, moves[0], moves[1]);
	EXPECT(slidetable_hints(t, board, 9, 0, 0, &d, NULL, 0, &n, NULL), SLIDETABLE_ERR_TRUNCATED);
	EXPECT(slidetable_hints(t, board, 9, 0, 0, &d, NULL, 4, &n, NULL), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_hints(t, board, 9, 0, 0, &d, moves, 4, NULL, NULL), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_solve(t, board, 9, 0, 0, &d, moves, 30, &n), SLIDETABLE_ERR_TRUNCATED);
	if (n != 31) FAIL("truncated solve: %zu moves needed, want 31", n);
	EXPECT(slidetable_solve(t, board, 9, 0, 0, NULL, moves, 64, &n), SLIDETABLE_ERR_ARGUMENT);

	EXPECT(slidetable_parse(3, 3, "1 2 3/4 5 6/7 7 0", 17, goal, 9, &n), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_parse(3, 3, "1 2 3/4 5 6/7 8 0 junk after the length", 17, goal, 9, &n), SLIDETABLE_OK);
	EXPECT(slidetable_parse(3, 3, "1 2 3/4 5 6/7 8 0", 17, goal, 8, &n), SLIDETABLE_ERR_TRUNCATED);
	EXPECT(slidetable_parse(3, 3, "1 2 3", (size_t)SLIDETABLE_MAX_BOARD_TEXT + 1, goal, 9, &n), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_parse(3, 3, NULL, 3, goal, 9, &n), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_parse(1, 3, "1 2 0", 5, goal, 9, &n), SLIDETABLE_ERR_INPUT);

	memcpy(moves, board, 9);
	memcpy(moves + 9, dup, 9);
	EXPECT(slidetable_distances(t, moves, 18, out, 2, 0, 0, &n), SLIDETABLE_ERR_INPUT);
	if (n != 1 || out[0] != 31) FAIL("a batch with a bad second board: %zu answered, first %d", n, out[0]);
	EXPECT(slidetable_distances(t, moves, 17, out, 2, 0, 0, &n), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distances(t, moves, 18, NULL, 2, 0, 0, &n), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distances(t, NULL, 0, NULL, 0, 0, 0, &n), SLIDETABLE_OK);
	EXPECT(slidetable_distances(t, moves, 18, out, (size_t)-1, 0, 0, &n), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_distances_text(t, "8 6 7/2 5 4/3 0 1\n1 2 3/4 5 6/8 7 0\n", 36, out, 1, 0, 0, &n, NULL), SLIDETABLE_ERR_TRUNCATED);
	if (n != 2) FAIL("distances_text counted %zu boards, want 2", n);
	EXPECT(slidetable_distances_text(t, "8 6 7/2 5 4/3 0 1\n1 2 3/4 5 6/8 7 0\n", 36, out, 4, 0, 0, &n, NULL), SLIDETABLE_OK);
	if (n != 2 || out[0] != 31 || out[1] != SLIDETABLE_UNSOLVABLE) FAIL("distances_text: %zu boards, %d %d", n, out[0], out[1]);
	EXPECT(slidetable_distances_text(t, "8 6 7/2 5 4/3 0 1\n\n", 19, out, 4, 0, 0, &n, NULL), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_distances_text(t, "8 6 7/2 5 4/3 0 1", 17, out, 4, 0, 0, NULL, NULL), SLIDETABLE_ERR_ARGUMENT);

	EXPECT(slidetable_level(t, 32, 40, 1, 0, 0, goal, 9, &n, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_level(t, 20, 10, 1, 0, 0, goal, 9, &n, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_level(t, -1, 10, 1, 0, 0, goal, 9, &n, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_level(t, 1001, -1, 1, 0, 0, goal, 9, &n, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_level(t, 5, 5, 1, 0, 0, goal, 9, &n, NULL), SLIDETABLE_ERR_ARGUMENT);
	/* 5x5 levels are random walks kept by their distance, which a search
	 * finds: far more than 20 ms at these distances. */
	slidetable_table five = open_size(5, 5, SLIDETABLE_SINGLE);
	EXPECT(slidetable_level(five, 45, 50, 1, 20, 0, moves, sizeof moves, &n, &d), SLIDETABLE_ERR_TIMEOUT);
	EXPECT(slidetable_close(five), SLIDETABLE_OK);
	EXPECT(slidetable_random(t, 1, goal, 9, NULL), SLIDETABLE_ERR_ARGUMENT);

	EXPECT(slidetable_info(t, NULL, NULL, NULL, NULL, NULL), SLIDETABLE_OK);
	EXPECT(slidetable_info(c, &x, NULL, NULL, NULL, NULL), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_describe(t, buf, sizeof buf, &n), SLIDETABLE_ERR_TRUNCATED);
	if (strlen(buf) != sizeof buf - 1 || n <= sizeof buf) FAIL("truncated description %s, length %zu", buf, n);
	EXPECT(slidetable_describe(t, NULL, 0, &n), SLIDETABLE_ERR_TRUNCATED);
	EXPECT(slidetable_describe(t, NULL, 8, &n), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_goal(t, goal, 9, NULL), SLIDETABLE_ERR_ARGUMENT);

	EXPECT(slidetable_cancel_new(NULL), SLIDETABLE_ERR_ARGUMENT);
	EXPECT(slidetable_cancel_new(&c), SLIDETABLE_OK);
	EXPECT(slidetable_cancel_fire(t), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_cancel_free(c), SLIDETABLE_OK);
	EXPECT(slidetable_cancel_free(c), SLIDETABLE_ERR_HANDLE);

	/* The message of the last failure stays through calls that succeed,
	 * and is cut to the buffer. */
	EXPECT(slidetable_distance(t, dup, 9, 0, 0, &d), SLIDETABLE_ERR_INPUT);
	EXPECT(slidetable_distance(t, board, 9, 0, 0, &d), SLIDETABLE_OK);
	if (strcmp(message(), "tile 7 appears twice") != 0) FAIL("message after a success: %s", message());
	EXPECT(slidetable_error(buf, 5, &n), SLIDETABLE_ERR_TRUNCATED);
	if (strcmp(buf, "tile") != 0 || n != 20) FAIL("truncated message %s, length %zu", buf, n);
	EXPECT(slidetable_error(NULL, 0, &n), SLIDETABLE_ERR_TRUNCATED);
	EXPECT(slidetable_error(NULL, 4, &n), SLIDETABLE_ERR_ARGUMENT);
	if (strcmp(slidetable_status_name(12345), "unknown status") != 0) FAIL("status 12345: %s", slidetable_status_name(12345));

	EXPECT(slidetable_close(four), SLIDETABLE_OK);
	EXPECT(slidetable_close(t), SLIDETABLE_OK);
	EXPECT(slidetable_close(t), SLIDETABLE_ERR_HANDLE);
	EXPECT(slidetable_distance(t, board, 9, 0, 0, &d), SLIDETABLE_ERR_HANDLE);
	if (failures == 0) printf("ok\n");
	return failures != 0;
}

static int messages(void) {
	int w, h;
	char text[1024];
	while (scanf("%d %d %1023[^\n]", &w, &h, text) == 3) {
		uint8_t cells[SLIDETABLE_MAX_CELLS];
		size_t n;
		int st = slidetable_parse(w, h, text, strlen(text), cells, sizeof cells, &n);
		printf("%d %s\n", st, st == SLIDETABLE_OK ? "" : message());
	}
	return 0;
}

static int file(const char *path) {
	slidetable_table t = 0;
	int st = slidetable_open_file(path, strlen(path), 60000, 0, &t);
	if (st != SLIDETABLE_OK) {
		printf("%d %s\n", st, message());
		return 0;
	}
	int w, h, metric, exact, max;
	char desc[1024], line[SLIDETABLE_MAX_BOARD_TEXT];
	must(slidetable_info(t, &w, &h, &metric, &exact, &max), SLIDETABLE_OK, "slidetable_info");
	must(slidetable_describe(t, desc, sizeof desc, NULL), SLIDETABLE_OK, "slidetable_describe");
	printf("0 %dx%d metric %d exact %d max %d: %s\n", w, h, metric, exact, max, desc);
	while (fgets(line, sizeof line, stdin) != NULL) {
		uint8_t cells[SLIDETABLE_MAX_CELLS];
		size_t n = 0;
		must(slidetable_parse(w, h, line, strlen(line), cells, sizeof cells, &n), SLIDETABLE_OK, "slidetable_parse");
		answer(t, cells, n);
	}
	return slidetable_close(t) != SLIDETABLE_OK;
}

static int bench(long n) {
	enum { K = 1024 };
	slidetable_table t = open_size(3, 3, SLIDETABLE_SINGLE);
	static uint8_t cells[K * 9];
	size_t len;
	for (int i = 0; i < K; i++) must(slidetable_random(t, (uint64_t)i, cells + 9 * i, 9, &len), SLIDETABLE_OK, "slidetable_random");
	int d, sum = 0;
	slidetable_distance(t, cells, 9, 0, 0, &d); /* the first call on a thread sets it up */
	double start = now();
	for (long i = 0; i < n; i++) {
		slidetable_distance(t, cells + 9 * (i % K), 9, 0, 0, &d);
		sum += d;
	}
	double elapsed = now() - start;
	/* The crossing into Go and back alone: a call that looks nothing up. */
	int w;
	start = now();
	for (long i = 0; i < n; i++) slidetable_info(t, &w, NULL, NULL, NULL, NULL);
	double crossing = now() - start;
	printf("%.1f ns/lookup (sum %d), %.1f ns/crossing\n", elapsed * 1e9 / (double)n, sum, crossing * 1e9 / (double)n);
	return slidetable_close(t) != SLIDETABLE_OK;
}

int main(int argc, char **argv) {
	if (slidetable_abi_version() != SLIDETABLE_ABI_VERSION) {
		fprintf(stderr, "check: the library's interface is version %d, the header's %d\n", slidetable_abi_version(), SLIDETABLE_ABI_VERSION);
		return 1;
	}
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "all3x3") == 0 && argc == 4) return all3x3(atoi(argv[2]), argv[3]);
	if (strcmp(mode, "boards") == 0 && argc == 5) return boards(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	if (strcmp(mode, "levels") == 0) return levels();
	if (strcmp(mode, "letters") == 0 && argc == 5) return letters(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]));
	if (strcmp(mode, "random") == 0 && argc == 5) return random_board(atoi(argv[2]), atoi(argv[3]), strtoull(argv[4], NULL, 10));
	if (strcmp(mode, "threads") == 0) return threads();
	if (strcmp(mode, "timeout") == 0 && argc == 3) return timeout(atol(argv[2]));
	if (strcmp(mode, "bad") == 0) return bad();
	if (strcmp(mode, "messages") == 0) return messages();
	if (strcmp(mode, "file") == 0 && argc == 3) return file(argv[2]);
	if (strcmp(mode, "bench") == 0 && argc == 3) return bench(atol(argv[2]));
	fprintf(stderr, "usage: check all3x3|boards|levels|random|threads|timeout|bad|messages|file|bench ...\n");
	return 2;
}
