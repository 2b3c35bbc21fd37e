// Type declarations of rules.js, the rules of the sliding-tile puzzle as
// plain functions of a board's cells (its numbers in reading order, 0 for
// the blank) and its width w and height h.

/** A way a tile slides. */
export type Direction = "up" | "down" | "left" | "right";

/** The ways a tile slides, as board.Direction names them. */
export const DIRECTIONS: readonly Direction[];

/** Reads "WxH" (each side at least 2, at most 256 cells); null if the text is not a size. */
export function parseSize(text: unknown): { w: number; h: number } | null;

/** The standard goal of a w x h board: 1..n-1, then the blank. */
export function goalOf(w: number, h: number): number[];

/**
 * Reads a w x h board written as the command line writes one, or given
 * as an array, and returns its cells (a copy), or null if it is not a
 * board holding each of 0..n-1 once.
 */
export function parseBoard(board: string | readonly number[], w: number, h: number): number[] | null;

/** Whether cells holds each of 0..n-1 once. */
export function validBoard(cells: unknown, n: number): cells is number[];

/** A name of a board, for maps of what is known of boards. */
export function keyOf(cells: readonly number[]): string;

/** Whether two boards are the same. */
export function sameBoard(a: readonly number[], b: readonly number[]): boolean;

/** Whether cells is the goal. */
export function solvedBy(cells: readonly number[], goal: readonly number[]): boolean;

/** The tiles that can move into the blank, one tile a move: above the blank, below, left, right. */
export function moves(cells: readonly number[], w: number, h: number): number[];

/** The tiles a player can tap in the multi-tile metric: the blank's column top to bottom, then its row. */
export function taps(cells: readonly number[], w: number, h: number): number[];

/** moves in the single-tile metric, taps in the multi-tile one. */
export function movesIn(metric: "single" | "multi", cells: readonly number[], w: number, h: number): number[];

/** What a tap on a tile does. */
export interface Tapped {
  /** The board after. */
  cells: number[];
  /** How many tiles slid. */
  n: number;
  /** The blank's cell before. */
  z: number;
}

/**
 * What a tap on tile t does: t and every tile between it and the blank
 * slide one cell towards the blank; null if t is not in the blank's row
 * or column.
 */
export function tap(cells: readonly number[], w: number, t: number): Tapped | null;

/** The way tile t slides when tapped, or "" if it cannot. */
export function direction(cells: readonly number[], w: number, t: number): Direction | "";

/** The tile that slides in direction d (an arrow key), or 0 if none can. */
export function toward(cells: readonly number[], w: number, h: number, d: Direction): number;

/** Whether cells can reach goal, by the parity rule. */
export function solvableTo(cells: readonly number[], goal: readonly number[], w: number): boolean;

/**
 * The number of moves of a list of taps ({n}: tiles slid) in the metric:
 * one a tap in the multi-tile metric, one a tile slid in the single-tile
 * metric.
 */
export function counted(history: readonly { n: number }[], metric: "single" | "multi"): number;

/** How many tiles one multi-tile move slides at most. */
export function mostSlid(w: number, h: number): number;
