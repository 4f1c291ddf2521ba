/** A prop shown as text: a string or a number (markdown props may be any literal). */
export function propText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
