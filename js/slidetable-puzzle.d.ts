// Type declarations of slidetable-puzzle.js, the element <slidetable-puzzle>.

import type { Board, Metric, SizeInfo, Size } from "./slidetable.js";

/**
 * An engine the element asks: load()'s Slidetable, or any object that
 * answers as GET /api/ENDPOINT of slidetable serve does (rejecting with an
 * error whose code is "input", "unavailable", "aborted", ... as a
 * SlidetableError's).
 */
export interface PuzzleEngine {
  request(endpoint: string, params: Record<string, string | number>, options?: { signal?: AbortSignal }): Promise<any>;
}

/** What is known of the board shown. */
export interface Known {
  /** The exact distance, or null while it is not known. */
  distance: number | null;
  /** Bounds of the distance where it is not known exactly but some is (null: nothing). */
  low: number | null;
  high: number | null;
  exact: boolean;
  /** The search gave up on this board: no hint or solution for it. */
  far: boolean;
  /** The optimal moves, where known. */
  hints: number[] | null;
}

/** What deal takes. */
export interface DealOptions {
  /** The board to start from, instead of a level. */
  board?: Board;
  /** Its distance, if known. */
  distance?: number;
  /** The level's range of distances; default the min and max attributes. */
  min?: number;
  max?: number;
  /** The same seed deals the same level. */
  seed?: number | string;
  size?: Size;
  metric?: Metric;
  goal?: Board;
  /**
   * Calls the deal off: deal resolves false and the board played before,
   * if any, stays in play.
   */
  signal?: AbortSignal;
}

/** A game to keep (JSON) and restore. */
export interface PuzzleSnapshot {
  size: Size;
  metric: Metric;
  goal: number[] | null;
  start: number[];
  history: { t: number; by: "player" | "solver" }[];
  future: { t: number; by: "player" | "solver" }[];
  optimum: number | null;
  elapsed: number;
  won: boolean;
}

/**
 * The events of the element: those of every HTMLElement, but "error",
 * which is the element's own (a CustomEvent, not an ErrorEvent), and
 * those below.
 */
export interface PuzzleEventMap extends Omit<HTMLElementEventMap, "error"> {
  /** A board was dealt (or restored). */
  deal: CustomEvent<{ size: Size; metric: Metric; goal: number[]; board: number[]; distance: number | null; restored?: boolean }>;
  /** A move was made, undone or redone. */
  move: CustomEvent<{
    tile: number; tiles: number; direction: "up" | "down" | "left" | "right"; by: "player" | "solver";
    moves: number; time: number; board: number[]; undo: boolean; redo: boolean;
  }>;
  /** What is known of the board shown changed. */
  distance: CustomEvent<Known & { board: number[]; metric: Metric; size: Size }>;
  /** A hint is shown (tile null: none, for reason "far"). */
  hint: CustomEvent<{ tile: number | null; tiles?: number; direction?: string; distance?: number; reason?: "far" }>;
  /** A solution is being found, played, was played, stopped, or could not be found. */
  solving: CustomEvent<{ state: "finding" | "playing" | "played" | "stopped" | "failed"; length?: number; played?: number; reason?: "far" | "error" }>;
  /** The board reached the goal. */
  solved: CustomEvent<{ size: Size; metric: Metric; board: number[]; moves: number; time: number; optimum: number | null; helped: number }>;
  /** The element's state changed. */
  state: CustomEvent<{ state: PuzzleState }>;
  /** The engine failed (this event does not bubble). */
  error: CustomEvent<{ action: "deal" | "distance" | "solve"; error: Error; message: string }>;
}

export type PuzzleState = "idle" | "loading" | "playing" | "thinking" | "animating" | "solved" | "error";

/** The element <slidetable-puzzle>. */
export class SlidetablePuzzle extends HTMLElement {
  size: Size;
  metric: Metric;
  goal: string;
  image: string;
  numbers: "show" | "corner" | "hide";
  min: number | null;
  max: number | null;
  seed: string | null;
  manual: boolean;
  /** How fast a solution is played: 1 is a move every 220 ms; 0.25 to 4. */
  speed: number;
  /** How long (ms) a multi-tile question about a size without a table may take; 0: no limit. */
  searchLimit: number;
  engine: PuzzleEngine | null;
  readonly board: number[];
  readonly start: number[];
  readonly goalBoard: number[];
  readonly info: SizeInfo | null;
  readonly moves: number;
  readonly helped: number;
  readonly time: number;
  readonly optimum: number | null;
  readonly known: Known | null;
  readonly solved: boolean;
  readonly state: PuzzleState;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly hinted: { tile: number; tiles: number; direction: string } | null;
  deal(options?: DealOptions): Promise<boolean>;
  tap(tile: number): boolean;
  slide(direction: "up" | "down" | "left" | "right"): boolean;
  undo(): boolean;
  redo(): boolean;
  reset(): boolean;
  hint(): Promise<{ tile: number; tiles: number; direction: string } | null>;
  solve(): Promise<boolean>;
  stop(): boolean;
  retry(): Promise<boolean>;
  snapshot(): PuzzleSnapshot;
  restore(snapshot: PuzzleSnapshot): Promise<boolean>;
  addEventListener<K extends keyof PuzzleEventMap>(type: K, listener: (this: SlidetablePuzzle, ev: PuzzleEventMap[K]) => any, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PuzzleEventMap>(type: K, listener: (this: SlidetablePuzzle, ev: PuzzleEventMap[K]) => any, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "slidetable-puzzle": SlidetablePuzzle;
  }
}
