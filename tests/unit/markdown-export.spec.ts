// plugins/markdown-export/to-markdown: MDX in, Markdown out. Each page under fixtures/markdown-export/docs that has a
// twin under expected/ must convert to exactly that text; the pages under docs/broken must fail naming file and line.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {errorTableMarkdown, loadCatalogue} from '../../plugins/error-codes/catalogue';
import {walkFiles} from '../../plugins/lib/walk';
import {toMarkdown, type MarkdownContext} from '../../plugins/markdown-export/to-markdown';

const ROOT = path.join(__dirname, 'fixtures/markdown-export');
const DOCS = path.join(ROOT, 'docs');
const EXPECTED = path.join(ROOT, 'expected');

const ctx: MarkdownContext = {
  root: ROOT,
  docsDir: DOCS,
  siteUrl: 'https://docs.example.com',
  downloads: {
    'api.yaml': {file: 'api.yaml', url: '/downloads/api.yaml', bytes: 1234, sha256: 'aaaa'},
    'tool-1.0.0.zip': {file: 'tool-1.0.0.zip', url: '/downloads/tool-1.0.0.zip', bytes: 56789, sha256: 'bbbb'},
  },
  areaIndex: (area) =>
    area === 'demo'
      ? [
          {title: '快速开始', url: 'https://docs.example.com/docs/demo/quick-start'},
          {title: '部署', url: 'https://docs.example.com/docs/demo/deploy'},
        ]
      : [],
};

/**
 * The expected text; `{{ErrorCodes api list}}` stands for that table of docs-guide/error-codes.yaml (as the export prints
 * it: compact delimiter row), so editing the catalogue does not break this test.
 */
function expected(rel: string): string {
  return fs
    .readFileSync(path.join(EXPECTED, rel), 'utf8')
    .replace(/^\{\{ErrorCodes (\S+) (\S+)\}\}$/gm, (_m, api: string, list: string) =>
      errorTableMarkdown(loadCatalogue(), api, list).replace(/^\|(?:---\|)+$/m, (row) => row.replace(/---/g, ' - ')),
    );
}

const cases = walkFiles(EXPECTED, {file: (rel) => rel.endsWith('.md')}).map((f) => path.relative(EXPECTED, f));

test.describe('markdown export: fixtures', () => {
  test('there is a fixture for every feature', () => {
    expect(cases.map((c) => c.split(path.sep).join('/')).sort()).toEqual([
      'api/error-codes.md',
      'guide/admonitions.md',
      'guide/area-index.md',
      'guide/download-card.md',
      'guide/front-matter.md',
      'guide/html.md',
      'guide/imports-comments.md',
      'guide/include.md',
      'guide/links.md',
      'guide/no-title.md',
      'guide/tables.md',
      'guide/tabs.md',
    ]);
  });

  for (const rel of cases) {
    test(rel, () => {
      expect(toMarkdown(path.join(DOCS, rel), ctx)).toBe(expected(rel));
    });
  }
});

test.describe('markdown export: details', () => {
  test('the catalogue’s relative links in an error-code table become absolute page URLs', () => {
    const md = toMarkdown(path.join(DOCS, 'api/errors.md'), ctx);
    expect(md).toMatch(/^\| 1005 \| 401 \|/m);
    expect(md).toMatch(/\]\(https:\/\/docs\.example\.com\/docs\/[^)]+\)/);
    expect(md).not.toMatch(/\]\((?!https?:|mailto:|#)[^)]*\)/);
  });

  test('the output carries no MDX: no import, no JSX, no comment', () => {
    for (const rel of cases) {
      const md = toMarkdown(path.join(DOCS, rel), ctx).replace(/^```[\s\S]*?^```$/gm, '');
      expect(md, rel).not.toMatch(/^\s*import\s.+from\s|^\s*<\/?[A-Z]\w*[\s/>]|\{\/\*/m);
    }
  });
});

test.describe('markdown export: failures name file and line', () => {
  const fails = (name: string) => () => toMarkdown(path.join(DOCS, 'broken', name), ctx);

  test('an unknown component', () => {
    expect(fails('unknown-component.md')).toThrow(
      'docs/broken/unknown-component.md:7: <Chart> has no Markdown rendering in plugins/markdown-export/to-markdown.ts',
    );
  });

  test('a missing code include', () => {
    expect(fails('missing-include.md')).toThrow(
      '[code-include] docs/broken/missing-include.md:6: the code fence includes "examples/nope.py", which does not exist',
    );
  });

  test('an unknown download', () => {
    expect(fails('unknown-download.md')).toThrow(
      'docs/broken/unknown-download.md:7: <DownloadCard file="nope.zip"> names no download',
    );
  });

  test('a JavaScript expression and a component inside a paragraph', () => {
    expect(fails('expression.md')).toThrow(
      'docs/broken/expression.md:5: the expression {props.version} has no Markdown rendering',
    );
    expect(fails('inline-component.md')).toThrow(
      'docs/broken/inline-component.md:5: <Kbd> inside a line of text has no Markdown rendering',
    );
  });

  test('MDX that does not parse', () => {
    expect(fails('syntax.md')).toThrow(/^docs\/broken\/syntax\.md:7: .*Tabs/);
  });
});
