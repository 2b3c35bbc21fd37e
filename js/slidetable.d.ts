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

/** Where load finds the WebAssembly module. */
export type WasmSource = URL | string | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module;

/** Options of load. */
export interface LoadOptions {
  /** The module, where slidetable.wasm is not beside slidetable.js. */
  wasm?: WasmSource;
}

/**
 * Loads the WebAssembly module (once, when called without options) and
 * returns the questions one can ask.
 */
export function load(options?: LoadOptions): Promise<Slidetable>;

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
  published?: boolean;
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
  /** The tiles whose slide starts a shortest solution; [] at the goal. */
  moves: number[];
}

/** What level asks for. */
export interface LevelRequest {
  size: Size;
  /** The least distance wanted; default 0. */
  min?: number;
  /** The largest distance wanted; default the size's max_level. */
  max?: number;
  /** The same seed gives the same board; default random. */
  seed?: number | bigint | string;
}

/** A board at an exact distance from the goal. */
export interface Level {
  board: number[];
  distance: number;
}

/** The distribution of the distances of a size. */
export interface Stats {
  size: Size;
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
  /** "multi" if the distances count multi-tile moves. */
  metric?: "multi";
}

/**
 * An error of a request, with the command line's message: status 400 for
 * bad input, 404 for an unknown endpoint or distribution, 503 for no
 * level found.
 */
export class SlidetableError extends Error {
  status: number;
}

/** The questions one can ask of slidetable. */
export class Slidetable {
  private constructor();
  /**
   * The answer of GET /api/ENDPOINT?PARAMS of `slidetable serve`, parsed.
   * Every endpoint takes params.metric, "single" (the default) or "multi":
   * in the multi-tile metric a move slides every tile between the tile
   * tapped and the blank; answers then say metric: "multi", and hint and
   * solve list the tiles tapped in moves and how many slide in slides.
   */
  request(endpoint: string, params?: Record<string, string | number | bigint | Board | undefined>): Promise<any>;
  /** The sizes played, tables first. */
  sizes(): Promise<SizeInfo[]>;
  /** The fewest moves to the goal; null if the board cannot reach it. */
  distance(size: Size, board: Board): Promise<number | null>;
  /** Whether the board can reach the goal. */
  solvable(size: Size, board: Board): Promise<boolean>;
  /** Every optimal next move; null if the board cannot reach the goal. */
  hints(size: Size, board: Board): Promise<Hints | null>;
  /** A shortest solution, the tiles to slide in order; null if there is none. */
  solve(size: Size, board: Board): Promise<number[] | null>;
  /** A board at an exact distance in [min, max]. */
  level(request: LevelRequest): Promise<Level>;
  /** The distribution of distances of a size. */
  stats(size: Size): Promise<Stats>;
}
