// Small readers of Markdown syntax trees shared by the remark plugins.

export type MdNode = {
  type: string;
  name?: string | null;
  meta?: string | null;
  value?: string;
  depth?: number;
  children?: MdNode[];
  attributes?: {type: string; name?: string; value?: unknown}[];
  data?: {id?: string; hProperties?: Record<string, unknown>};
  position?: {start: {line: number}};
};

/** A heading's id: Docusaurus's (its `{#id}` already parsed into data) or the `{#id}` still at the end of its text. */
export function headingId(node: MdNode): string | undefined {
  const data = node.data;
  if (typeof data?.hProperties?.id === 'string') return data.hProperties.id;
  if (data?.id) return data.id;
  const last = node.children?.at(-1);
  return last?.type === 'text' ? /\{#([^}]+)\}\s*$/.exec(last.value ?? '')?.[1] : undefined;
}

/** A JSX element's string attribute. */
export const jsxAttr = (node: MdNode, name: string): string | undefined => {
  const a = node.attributes?.find((x) => x.type === 'mdxJsxAttribute' && x.name === name);
  return typeof a?.value === 'string' ? a.value : undefined;
};
