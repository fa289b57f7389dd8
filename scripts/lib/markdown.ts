// Reading Markdown line by line (the page checks: docs, plant, facts, API): tables, and the lines outside code blocks.

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

/**
 * A page's lines with fenced code blanked, the fences included (line numbers kept): prose, headings and tables. A fence
 * closes only on a fence of its own character at least as long (a ```` block may show ``` inside).
 */
export function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length && !line.trim().replace(/[`~]/g, '')) fence = null;
      return '';
    }
    if (m) {
      fence = m[1];
      return '';
    }
    return line;
  });
}
