// Type declarations of the ES module slidetable.js.

/**
 * A size, written WxH: W columns, H rows ("3x3", "4x2", "4x4").
 */
export type Size = string;

/**
 * A board: its numbers in reading order, 0 for the blank, as an array or
 * as the command line writes them ("8 6 7/2 5 4/3 0 1", "8,6,7,2,5,4,3,0,1").
 */
export type Board = string | readonly number[];

/**
 * What counts as one move: "single", one tile (the default), or "multi",
 * a tap on a tile in the blank's row or column that slides it and every
 * tile between.
 */
export type Metric = "single" | "multi";

/**
 * A compiled WebAssembly.Module, where the program's libraries declare
 * one (the DOM library does; Node's declarations and the ES libraries do
 * not, and there it is never).
 */
export type CompiledModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any[]) => infer M } } ? M : never;

/** Where load finds the WebAssembly module. */
export type WasmSource = URL | string | ArrayBuffer | ArrayBufferView | Response | CompiledModule;

/** Options of load. */
export interface LoadOptions {
  /**
   * The module, where slidetable.wasm is not beside slidetable.js. A URL
   * must be one a file is fetched or read from (http, https, file, data or
   * blob; else code "input").
   */
  wasm?: WasmSource;
  /**
   * The 4x4 abstraction database, where 4x4-multi.abs is not beside
   * slidetable.js: fetched the first time a call asks about 4x4 in
   * multi-tile moves, and kept only if it is the file of this build (else
   * code "unavailable", and the next call fetches it again; "file" for
   * bytes given). Its fetch stops when every call waiting for it has
   * stopped. A URL must be one a file is fetched or read from (http,
   * https, file, data or blob; else code "input").
   */
  abstraction?: URL | string | ArrayBuffer | ArrayBufferView | Response;
  /**
   * The folder holding the 4x4 level packs, where 4x4-pack.jsonl and
   * 4x4-multi-pack.jsonl are not beside slidetable.js: an http, https or
   * file URL (else code "input"). Each is fetched the first time a call
   * that it may answer asks about 4x4 in its metric, and kept only if it
   * is the file of this build (else the next call fetches it again). A
   * level needs it (code "unavailable" without it); a distance, hint or
   * solution is searched where it cannot be had.
   */
  packs?: URL | string;
  /**
   * The most searches run at once, each in a worker of its own: 1 to 16;
   * by default the cores there are (navigator.hardwareConcurrency, or
   * os.availableParallelism() in Node), at most 4. Lookups in the tables
   * never wait for them: a worker of their own answers them.
   */
  workers?: number;
  /**
   * How long, in ms, a fetch of the module, the abstraction database or
   * a level pack may go without receiving anything before it is given up
   * (code "unavailable"): 1 to 3600000; default 30000. The module fetched
   * or read may have at most 64 MB (beyond, code "input"); a file whose
   * length the module knows (the abstraction database, a level pack) is
   * refused as soon as it passes that length.
   */
  stallTimeout?: number;
  /**
   * The slowest average, in bytes a second, at which a file whose length
   * is known (the abstraction database, a level pack) may arrive: its
   * fetch is given up (code "unavailable") once stallTimeout and the time
   * its length takes at this rate have passed. 1 to 1073741824; default
   * 16384 (4x4-pack.jsonl is given up after 37 s, 4x4-multi.abs after 34
   * minutes).
   */
  minRate?: number;
  /** Stops the loading: load then rejects with code "aborted" or "timeout". */
  signal?: AbortSignal;
}

/**
 * Loads the WebAssembly module, starts the worker that answers lookups
 * off the calling thread, and returns the questions one can ask; the
 * workers that search start when a call first needs one. Called with no
 * option but signal, it returns one Slidetable shared by every such call,
 * until that one is closed; any other option makes a Slidetable of its
 * own.
 */
export function load(options?: LoadOptions): Promise<Slidetable>;

/** What every call takes. */
export interface CallOptions {
  /**
   * Stops the call: it then rejects at once with a SlidetableError of
   * code "aborted" (or "timeout", for AbortSignal.timeout) whose cause is
   * the signal's reason, and a search running for it is ended. It must be
   * an AbortSignal (else code "input").
   */
  signal?: AbortSignal;
}

/** What every question about a board takes. */
export interface BoardOptions extends CallOptions {
  /** What counts as one move; default "single". */
  metric?: Metric;
  /**
   * The board to measure distances to, instead of the standard goal (1 to
   * n-1 in reading order, the blank last). Sizes of up to 10 cells get a
   * table towards it built on the first call that needs it; larger ones
   * are searched.
   */
  goal?: Board;
}

/** A size played, as GET /api/sizes lists it. */
export interface SizeInfo {
  size: Size;
  width: number;
  height: number;
  /** The goal board, cells in reading order. */
  goal: number[];
  /** Whether an exact table answers this size (otherwise a search does). */
  table: boolean;
  /** Whether the distribution is a published one (4x4). */
  published: boolean;
  /** The largest distance of any board, where known. */
  max?: number;
  /** The largest distance levels are offered at. */
  max_level: number;
  /** "multi" when listed by sizes with metric "multi": the distances count multi-tile moves. */
  metric?: "multi";
}

/** Every optimal next move of a board. */
export interface Hints {
  /** The fewest moves to the goal. */
  distance: number;
  /** The tiles whose move starts a shortest solution; [] at the goal. */
  moves: number[];
  /**
   * True where moves holds one optimal move and others may be optimal
   * too: the board is a level of a level pack, or lies on the stored
   * solution of one, and the move, that solution's next, needed no search.
   * (A board the pack holds near its levels gets every optimal move from
   * it, the solution's first move first, and no partial.)
   */
  partial?: true;
  /** In the multi-tile metric only: how many tiles each move slides. */
  slides?: number[];
  /**
   * With notation "letters": each move as speedsolvers write it, the way
   * its tiles slide (U, D, L or R), with how many slide in the multi-tile
   * metric when more than one does ("R3").
   */
  letters?: string[];
}

/** What hints and solve take. */
export interface MovesOptions extends BoardOptions {
  /**
   * "letters" adds the moves as speedsolvers write them: hints gets
   * letters, and solve answers with the solution so written ("R3D2L").
   * Default "tiles".
   */
  notation?: Notation;
}

/** How moves are written: by the tiles moved, or in letters. */
export type Notation = "tiles" | "letters";

/** What level asks for. */
export interface LevelRequest {
  size: Size;
  /** The least distance wanted; default 0. */
  min?: number;
  /** The largest distance wanted; default the size's max_level. */
  max?: number;
  /** The same seed gives the same board; default random. */
  seed?: number | bigint | string;
  /** What counts as one move; default "single". */
  metric?: Metric;
  /** The board distances are measured to; default the standard goal. */
  goal?: Board;
}

/** What random takes. */
export interface RandomOptions extends CallOptions {
  /** The board the boards drawn must reach; default the standard goal. */
  goal?: Board;
  /**
   * The same seed gives the same board, the one `slidetable gen -seed
   * SEED WxH` prints first: a whole number from 0 to 2^64-1 (a number
   * only up to Number.MAX_SAFE_INTEGER; beyond, a bigint or a string of
   * digits); default random.
   */
  seed?: number | bigint | string;
}

/** A board at an exact distance from the goal. */
export interface Level {
  board: number[];
  distance: number;
  /** An optimal solution, the tiles tapped in order, where one came with the board (a 4x4 level of its level pack). */
  solution?: number[];
}

/** What an answer says about the boards it is about. */
export interface About {
  size: Size;
  /** The goal, when it is not the standard one. */
  goal?: number[];
  /** "multi" if the distances count multi-tile moves. */
  metric?: "multi";
}

/** The distribution of the distances of a size. */
export interface Stats extends About {
  /** The number of boards that can reach the goal. */
  states: number;
  /** The largest distance. */
  max: number;
  /** The number of boards at the largest distance. */
  at_max: number;
  mean: number;
  median: number;
  /** counts[d] is the number of boards d moves from the goal. */
  counts: number[];
  /** Some boards at the largest distance. */
  hardest: number[][];
  /** Where the counts were published, if they are not computed here. */
  source?: string;
}

/** The answer of solvable. */
export interface SolvableAnswer extends About {
  board: number[];
  solvable: boolean;
}

/** The answer of distance; distance is left out if solvable is false. */
export interface DistanceAnswer extends SolvableAnswer {
  distance?: number;
}

/**
 * The answer of hint (every optimal next move) and solve (a shortest
 * solution, in order); distance and moves are left out if solvable is
 * false, and slides is there in the multi-tile metric only.
 */
export interface MovesAnswer extends DistanceAnswer {
  moves?: number[];
  /** Hints only: moves holds one optimal move of several maybe (Hints.partial). */
  partial?: boolean;
  slides?: number[];
  /** With notation "letters": each move in the speedsolvers' notation. */
  letters?: string[];
}

/** The answer of level. */
export interface LevelAnswer extends About {
  board: number[];
  distance: number;
  /** An optimal solution, the tiles tapped in order, where one came with the board (a level of a level pack). */
  solution?: number[];
}

/** A parameter of a request: written as text, an array board with commas. */
type Param = string | number | bigint;

/**
 * The parameters of a request about one board: the board, or scramble,
 * the moves in letters that make it from the goal ("R3D2L").
 */
export interface BoardParams {
  size: Size;
  board?: Board;
  scramble?: string;
  metric?: Metric;
  goal?: Board;
}

/** The parameters of hint and solve. */
export interface MovesParams extends BoardParams {
  notation?: Notation;
}

/**
 * The endpoints of request, each with its parameters and its answer: the
 * same as GET /api/ENDPOINT of slidetable serve (see its
 * /api/openapi.json).
 */
export interface Endpoints {
  sizes: { params: { metric?: Metric }; answer: SizeInfo[] };
  solvable: { params: BoardParams; answer: SolvableAnswer };
  distance: { params: BoardParams; answer: DistanceAnswer };
  hint: { params: MovesParams; answer: MovesAnswer };
  solve: { params: MovesParams; answer: MovesAnswer };
  level: {
    params: { size: Size; min?: Param; max?: Param; seed?: Param; metric?: Metric; goal?: Board };
    answer: LevelAnswer;
  };
  stats: { params: { size: Size; metric?: Metric; goal?: Board }; answer: Stats };
}

/**
 * An error of a call. status is the HTTP status slidetable serve answers
 * the same failure with; code says what it is (README.md lists them):
 *
 * - "input" (400): a bad board, size, goal, range, option or argument
 *   (or, from load, a module too large); the message is the command
 *   line's ("tile 7 appears twice");
 * - "not-found" (404): an unknown endpoint or distribution, or no board
 *   found at the distances asked;
 * - "unavailable" (503): a file that could not be had when a call needed
 *   it (4x4-multi.abs, a 4x4 level pack, or the module, from load):
 *   not fetched, stalled, past its deadline or its length, or not the
 *   file of this build; the next call fetches it again;
 * - "file" (500): bytes given as a file (load's abstraction) that are not
 *   the file of this build;
 * - "memory" (503): work that needs more memory than it is allowed;
 * - "aborted", "timeout" (503): the call's signal stopped it; cause is the
 *   signal's reason ("timeout" with status 422: work that ran out of a
 *   time limit of its own);
 * - "closed" (500): the Slidetable was closed;
 * - "failed" (500): the worker or the WebAssembly module stopped, or a
 *   bug.
 */
export class SlidetableError extends Error {
  /** An error of an engine of one's own (see PuzzleEngine) may be made as slidetable.js makes its own. */
  constructor(message: string, status: number, code?: SlidetableError["code"], options?: { cause?: unknown });
  name: "SlidetableError";
  status: number;
  code: "input" | "not-found" | "unavailable" | "file" | "memory" | "aborted" | "timeout" | "closed" | "failed";
}

/**
 * The questions one can ask of slidetable. Every call is answered off the
 * calling thread, in workers, and returns a promise that never throws
 * synchronously and settles once; what a table answers is looked up in a
 * worker that never searches, and searches run in a bounded pool of
 * workers (LoadOptions.workers). A call whose signal aborts rejects at
 * once and ends the search it started.
 */
export class Slidetable {
  private constructor();
  /**
   * The answer of GET /api/ENDPOINT?PARAMS of `slidetable serve`, parsed.
   * Every endpoint takes params.metric, "single" (the default) or "multi":
   * in the multi-tile metric a move slides every tile between the tile
   * tapped and the blank; answers then say metric: "multi", and hint and
   * solve list the tiles tapped in moves and how many slide in slides.
   * Every endpoint but sizes takes params.goal.
   */
  request<E extends keyof Endpoints>(endpoint: E, params?: Endpoints[E]["params"], options?: CallOptions): Promise<Endpoints[E]["answer"]>;
  /** The sizes played, tables first. */
  sizes(options?: { metric?: Metric; signal?: AbortSignal }): Promise<SizeInfo[]>;
  /** The fewest moves to the goal; null if the board cannot reach it. */
  distance(size: Size, board: Board, options?: BoardOptions): Promise<number | null>;
  /** Whether the board can reach the goal. */
  solvable(size: Size, board: Board, options?: BoardOptions): Promise<boolean>;
  /** Every optimal next move; null if the board cannot reach the goal. */
  hints(size: Size, board: Board, options?: MovesOptions): Promise<Hints | null>;
  /**
   * A shortest solution in the speedsolvers' notation ("R3D2L", "" at the
   * goal); null if there is none.
   */
  solve(size: Size, board: Board, options: MovesOptions & { notation: "letters" }): Promise<string | null>;
  /** A shortest solution, the tiles to move in order; null if there is none. */
  solve(size: Size, board: Board, options?: MovesOptions): Promise<number[] | null>;
  /** A board at an exact distance in [min, max]. */
  level(request: LevelRequest, options?: CallOptions): Promise<Level>;
  /**
   * A board drawn uniformly among those that can reach the goal, its
   * cells in reading order: any size, at once (no table or search).
   */
  random(size: Size, options?: RandomOptions): Promise<number[]>;
  /** The distribution of distances of a size. */
  stats(size: Size, options?: { metric?: Metric; goal?: Board; signal?: AbortSignal }): Promise<Stats>;
  /**
   * Ends the workers: calls not yet answered, and later ones, reject with
   * code "closed". A later load() makes a new Slidetable if this was the
   * shared one.
   */
  close(): void;
}
