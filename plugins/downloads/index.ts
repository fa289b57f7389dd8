// Files in static/downloads get their size and SHA-256 computed at build time, so no page ever types a checksum by hand.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export type DownloadInfo = {file: string; url: string; bytes: number; sha256: string};

export function describeDownloads(dir: string, baseUrl = '/'): Record<string, DownloadInfo> {
  const out: Record<string, DownloadInfo> = {};
  if (!fs.existsSync(dir)) return out;
  for (const file of fs.readdirSync(dir).sort()) {
    const abs = path.join(dir, file);
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
  return {
    name: 'downloads',
    getPathsToWatch: () => [`${dir}/**`],
    async loadContent() {
      return describeDownloads(dir, context.baseUrl);
    },
    async contentLoaded({content, actions}) {
      actions.setGlobalData(content);
    },
  };
}
