// Rehype plugin: every Markdown table of a page is wrapped, at build time, in a scroll region that keyboard users can
// reach and screen readers can name: `<div class="table-scroll" role="region" tabindex="0" aria-label="错误码（表格）">`.
// With it the site CSS lets a table keep its tokens whole (a code, a number, a header never breaks inside) and scroll
// sideways inside the region when it does not fit, instead of breaking cells anywhere. No JavaScript is added to pages.
// The name is the nearest heading before the table (or its first header cells), so that two tables are told apart.

type HNode = {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HNode[];
};

const textOf = (n: HNode): string => (n.type === 'text' ? (n.value ?? '') : (n.children ?? []).map(textOf).join(''));

/** The first row's header texts of a table, joined (a fallback name). */
function headerText(table: HNode): string {
  const find = (n: HNode): HNode | undefined =>
    n.tagName === 'tr' ? n : (n.children ?? []).map(find).find((x): x is HNode => !!x);
  const row = find(table);
  return (row?.children ?? [])
    .filter((c) => c.tagName === 'th')
    .map((c) => textOf(c).trim())
    .filter(Boolean)
    .slice(0, 3)
    .join('、');
}

export function wrapTables(tree: HNode): void {
  let heading = '';
  const visit = (node: HNode) => {
    if (!node.children) return;
    node.children = node.children.map((child) => {
      if (child.type === 'element' && /^h[1-4]$/.test(child.tagName ?? '')) heading = textOf(child).trim();
      if (child.type === 'element' && child.tagName === 'table') {
        const name = heading || headerText(child);
        return {
          type: 'element',
          tagName: 'div',
          properties: {className: ['table-scroll'], role: 'region', tabIndex: 0, ariaLabel: name ? `${name}（表格）` : '表格'},
          children: [child],
        };
      }
      visit(child);
      return child;
    });
  };
  visit(tree);
}

export default function rehypeTableScroll() {
  return (tree: HNode) => wrapTables(tree);
}
