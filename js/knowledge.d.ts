// Type declarations of knowledge.js, what is known of the boards of one
// game: the answers an engine gave and what follows from them.

/** What is known of a board, as Knowledge.known returns it. */
export interface KnownBoard {
  /** Its exact distance, or null. */
  d: number | null;
  /** Its optimal moves, or null. */
  hints: number[] | null;
  /** A search for its optimal moves took too long. */
  far: boolean;
  /** Its single-tile distance, for a board the multi-tile search gave up on (null: not known; undefined: not asked). */
  single: number | null | undefined;
}

/** What can be shown of a board's distance, as Knowledge.view returns it. */
export interface KnownView {
  /** The exact distance, or null. */
  distance: number | null;
  /** Bounds of the distance (null: nothing known). */
  low: number | null;
  high: number | null;
  exact: boolean;
  far: boolean;
  hints: number[] | null;
  single: number | null;
}

/**
 * Knowledge of the boards of a w x h puzzle in a metric. max is the
 * largest distance of any board (God's number) where it is known, else
 * null: no bound shown ever exceeds it.
 */
export class Knowledge {
  constructor(options: { w: number; h: number; metric?: "single" | "multi"; max?: number | null });
  readonly w: number;
  readonly h: number;
  readonly metric: "single" | "multi";
  readonly max: number | null;
  /** Records the engine's answer for a board: its distance d and its optimal moves. */
  learn(cells: readonly number[], d: number, hints: readonly number[]): void;
  /** Records the distance of a board, where nothing more is known. */
  note(cells: readonly number[], d: number): void;
  /** Records that a search for the board's optimal moves took too long. */
  giveUp(cells: readonly number[]): void;
  /** Records the single-tile distance s of a board the multi-tile search gave up on (null: not known either). */
  single(cells: readonly number[], s: number | null): void;
  /** Gives every board at the largest distance (a complete published list). */
  setHardest(boards: readonly (readonly number[])[]): void;
  /** What is known of the board, or null if nothing is. */
  known(cells: readonly number[]): KnownBoard | null;
  /** What can be shown of the board's distance. */
  view(cells: readonly number[]): KnownView;
  /** The moves of the board in the metric played. */
  nextMoves(cells: readonly number[]): number[];
}
