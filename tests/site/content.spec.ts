import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {ROOT} from '../../plugins/lib/paths';
import {readPlan, parseDoc} from '../../plugins/lib/docs-source';
import {checkDoc, MIN_CHARS, PLACEHOLDER} from '../../scripts/check-docs';
import {resolveFile} from '../../scripts/check-site';

// One test per planned page: the source passes the writer checks and the built page has what a reader needs.
const BUILD = path.join(ROOT, 'build');
const plan = readPlan();
const planMap = new Map(plan.map((r) => [r.id, r]));

for (const row of plan) {
  test(`${row.id} (${row.kind})`, () => {
    const file = ['.md', '.mdx'].map((ext) => path.join(ROOT, 'docs', row.id + ext)).find((f) => fs.existsSync(f));
    expect(file, `docs/${row.id}.md exists`).toBeTruthy();
    expect(checkDoc({id: row.id, file: file!, rel: path.relative(ROOT, file!)}, planMap)).toEqual([]);

    const html = path.join(BUILD, 'docs', row.id, 'index.html');
    expect(fs.existsSync(html), `built to /docs/${row.id}`).toBe(true);
    const $ = cheerio.load(fs.readFileSync(html, 'utf8'));
    const article = $('article');
    expect(article.find('h1').first().text().trim()).toBe(row.title);
    const {data} = parseDoc(file!);
    expect($('meta[name="description"]').attr('content')).toBe(data.description);
    expect(article.find('.markdown h2').length).toBeGreaterThanOrEqual(2);

    const text = article.find('.markdown').clone().find('pre').remove().end().text();
    expect(text).not.toMatch(PLACEHOLDER);
    expect(text.replace(/\s/g, '').length).toBeGreaterThanOrEqual(MIN_CHARS[row.kind as keyof typeof MIN_CHARS]);

    article.find('.markdown img').each((_, el) => {
      const src = $(el).attr('src')!;
      const name = src.startsWith('data:') ? `inlined image ${src.slice(0, 40)}…` : src;
      expect($(el).attr('alt')?.trim(), `alt text of ${name}`).toBeTruthy();
      // Small figures are inlined by the bundler as data: URLs; the others must be files of the build.
      if (!src.startsWith('data:'))
        expect(resolveFile(BUILD, new URL(src, 'http://x').pathname), `${src} is in the build`).toBeTruthy();
    });
    article.find('.markdown pre code').each((_, el) => {
      const cls = $(el).closest('div[class*="language-"]').attr('class') ?? $(el).attr('class') ?? '';
      expect(cls, 'code block has a language').toMatch(/\blanguage-[\w-]+/);
    });
  });
}
