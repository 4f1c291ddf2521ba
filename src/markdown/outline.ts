/**
 * Which headings "On this page" lists, as VitePress's `outline` writes it: a level (`2`: the `##` headings), a range
 * (`[2, 4]`), `'deep'` (`[2, 6]`) or `false` (no outline). Front matter `outline:` and config `theme.outline` take it.
 */

/** The lowest and highest heading level listed, or false for no outline. */
export type OutlineLevels = readonly [number, number] | false;

/** `##` and `###`, as the theme has always listed them. */
export const DEFAULT_OUTLINE: readonly [number, number] = [2, 3];

/** What `outline` takes, for messages. */
export const OUTLINE_EXPECTED = 'false, "deep", a heading level 1-6 or a range of levels like [2, 3]';

const isLevel = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 6;

/** The levels `value` names, or undefined when it is no outline value. */
export function outlineLevels(value: unknown): OutlineLevels | undefined {
  if (value === false) return false;
  if (value === 'deep') return [2, 6];
  if (isLevel(value)) return [value, value];
  if (Array.isArray(value) && value.length === 2 && isLevel(value[0]) && isLevel(value[1]) && value[0] <= value[1]) return [value[0], value[1]];
  return undefined;
}
