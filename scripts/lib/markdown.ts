// Reading Markdown tables line by line (the page checks: plant, API).

/** The cells of a table row (`| a | b |` → [a, b]). */
export function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

/** The `|---|:---:|` row under a table's header. */
export const isSeparatorRow = (cells: string[]): boolean => cells.every((c) => /^:?-+:?$/.test(c));
