// Files in static/downloads get their size and SHA-256 computed at build time, so no page ever types a checksum by hand.
// The API descriptions (openapi/, asyncapi/) are published as downloads too, from their one source: copied into the
// build's downloads/ folder under the names below, with their checksums computed the same way.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

import type {DownloadInfo} from '../../src/shared/downloads';

export type {DownloadInfo};

/** Download name → source file (relative to the site) of files published from outside static/downloads. */
export const PUBLISHED: Record<string, string> = {
  'neptune-openapi.yaml': 'openapi/neptune.yaml',
  'janus-openapi.yaml': 'openapi/janus.yaml',
  'neptune-mqtt-asyncapi.yaml': 'asyncapi/neptune-mqtt.yaml',
};

/** The published files of a site: download name → absolute source path. */
export function publishedFiles(siteDir: string): Record<string, string> {
  return Object.fromEntries(Object.entries(PUBLISHED).map(([name, rel]) => [name, path.join(siteDir, rel)]));
}

/** Every download of a site: static/downloads and the published files. */
export function siteDownloads(siteDir: string, baseUrl = '/'): Record<string, DownloadInfo> {
  return describeDownloads(path.join(siteDir, 'static/downloads'), baseUrl, publishedFiles(siteDir));
}

export function describeDownloads(
  dir: string,
  baseUrl = '/',
  published: Record<string, string> = {},
): Record<string, DownloadInfo> {
  const out: Record<string, DownloadInfo> = {};
  const files: [string, string][] = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map((f) => [f, path.join(dir, f)])
    : [];
  for (const [name, src] of Object.entries(published)) if (fs.existsSync(src)) files.push([name, src]);
  for (const [file, abs] of files) {
    if (!fs.statSync(abs).isFile() || file.startsWith('.')) continue;
    const buf = fs.readFileSync(abs);
    out[file] = {
      file,
      url: `${baseUrl}downloads/${file}`,
      bytes: buf.length,
      sha256: crypto.createHash('sha256').update(buf).digest('hex'),
    };
  }
  return out;
}

export default function downloads(context: LoadContext): Plugin<Record<string, DownloadInfo>> {
  const dir = path.join(context.siteDir, 'static/downloads');
  const published = publishedFiles(context.siteDir);
  return {
    name: 'downloads',
    getPathsToWatch: () => [`${dir}/**`, ...Object.values(published)],
    async loadContent() {
      return siteDownloads(context.siteDir, context.baseUrl);
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
    async postBuild({outDir}) {
      const target = path.join(outDir, 'downloads');
      fs.mkdirSync(target, {recursive: true});
      for (const [name, src] of Object.entries(published)) if (fs.existsSync(src)) fs.copyFileSync(src, path.join(target, name));
    },
  };
}
