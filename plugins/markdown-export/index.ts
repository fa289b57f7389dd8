// Markdown for AI assistants and tools, written after the build: each doc page's Markdown at its URL plus `.md`
// (/docs/neptune/api/mqtt/connect.md), `/llms.txt` (the llms.txt proposal's format: title, summary, one section of links
// per area) and `/llms-full.txt` (every page's Markdown in reading order). nginx serves them as text/markdown and
// text/plain (deploy/nginx). We write this ourselves rather than use docusaurus-plugin-llms: that plugin copies the MDX
// sources, so our `file=` code includes and our components (DownloadCard, AreaIndex, Tabs) would reach readers unresolved.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {readingOrder, type AreaPages} from '../lib/reading-order';
import type {DownloadInfo} from '../../src/shared/downloads';
import {CATALOGUE_FILE} from '../error-codes/catalogue';
import {BuildCache, inputsHash} from '../lib/build-cache';
import {ROOT} from '../lib/paths';
import type {MarkdownContext} from './to-markdown';

export const LLMS_FILE = 'llms.txt';
export const LLMS_FULL_FILE = 'llms-full.txt';

/**
 * What every page's Markdown depends on besides its own source: the converter's code and dependencies, the error-code
 * catalogue, the downloads' checksums, the areas' page lists and the site's URL.
 */
function sharedInputs(ctx: MarkdownContext, order: AreaPages[]): string {
  return inputsHash(
    [
      path.join(__dirname, 'to-markdown.ts'),
      path.join(__dirname, '../code-include/index.ts'),
      path.join(__dirname, '../error-codes/index.ts'),
      path.join(__dirname, '../error-codes/catalogue.ts'),
      CATALOGUE_FILE,
      path.join(ROOT, 'package-lock.json'),
    ],
    [ctx.siteUrl, ctx.downloads, order.map((a) => [a.area.key, a.docs.map((d) => [d.title, d.permalink])])],
  );
}

/** A page's cache key: its source, the files its `file=` fences include, and the shared inputs. */
function pageKey(source: string, shared: string, root: string): string {
  const text = fs.readFileSync(source);
  const hash = crypto.createHash('sha256').update(shared).update(text);
  for (const m of text.toString('utf8').matchAll(/(?:^|\s)file=(\S+)/gm)) {
    const f = path.resolve(root, m[1]);
    hash.update(m[1]).update(fs.existsSync(f) ? fs.readFileSync(f) : 'missing');
  }
  return hash.digest('hex');
}

export default function markdownExport(context: LoadContext): Plugin {
  const siteUrl = `${context.siteConfig.url}${context.baseUrl}`.replace(/\/$/, '');
  let order: AreaPages[] = [];
  let downloads: Record<string, DownloadInfo> = {};
  return {
    name: 'markdown-export',
    async allContentLoaded({allContent}) {
      order = readingOrder(allContent as Record<string, Record<string, unknown>>, context);
      // The downloads plugin's sizes and checksums, computed once per build.
      downloads = (allContent.downloads?.default ?? {}) as Record<string, DownloadInfo>;
    },
    async postBuild({outDir}) {
      const ctx: MarkdownContext = {
        root: context.siteDir,
        docsDir: path.join(context.siteDir, 'docs'),
        siteUrl,
        downloads,
        areaIndex: (key) =>
          (order.find((a) => a.area.dir === key || a.area.key === key)?.docs ?? []).map((d) => ({
            title: d.title,
            url: `${context.siteConfig.url}${d.permalink}`,
          })),
      };
      const index: string[] = [
        `# ${context.siteConfig.title}`,
        '',
        `> ${context.siteConfig.tagline}。凌川科技有限公司的产品文档：使用指南、API 参考与版本说明（简体中文）。`,
        '',
        `每个文档页都有 Markdown 版本：在页面地址后加 \`.md\`。全部页面的 Markdown 合集：[${LLMS_FULL_FILE}](${siteUrl}/${LLMS_FULL_FILE})。`,
      ];
      const full: string[] = [];
      let pages = 0;
      const shared = sharedInputs(ctx, order);
      // Converted pages kept between builds: a page whose inputs did not change is not parsed again.
      const cache = new BuildCache('markdown-export');
      // Loaded here, not with the config: the unified and remark modules take about 0.45 s to load, and Docusaurus loads
      // the config twice per build; a rebuild then mostly needs no conversion at all.
      const {toMarkdown} = await import('./to-markdown');
      const markdownOf = (source: string) =>
        cache.through(`${pageKey(source, shared, ctx.root)}.md`, () => toMarkdown(source, ctx));
      for (const {area, docs} of order) {
        if (!docs.length) continue;
        index.push('', `## ${area.name}`, '');
        for (const d of docs) {
          const md = markdownOf(d.source);
          const target = path.join(outDir, `${d.permalink.replace(/\/$/, '')}.md`);
          fs.mkdirSync(path.dirname(target), {recursive: true});
          fs.writeFileSync(target, md);
          index.push(`- [${d.title}](${context.siteConfig.url}${d.permalink}.md): ${d.description}`);
          full.push(`${md}\n来源：${context.siteConfig.url}${d.permalink}\n`);
          pages++;
        }
      }
      cache.prune();
      fs.writeFileSync(path.join(outDir, LLMS_FILE), `${index.join('\n')}\n`);
      fs.writeFileSync(path.join(outDir, LLMS_FULL_FILE), `${full.join('\n---\n\n')}`);
      const kb = (f: string) => `${Math.round(fs.statSync(path.join(outDir, f)).size / 1024)} KB`;
      console.log(
        `[markdown-export] ${pages} pages as .md (${cache.misses} converted, ${cache.hits} unchanged from the cache), ${LLMS_FILE} (${kb(LLMS_FILE)}), ${LLMS_FULL_FILE} (${kb(LLMS_FULL_FILE)})`,
      );
    },
  };
}
