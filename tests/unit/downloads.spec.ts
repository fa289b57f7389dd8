// plugins/downloads: sizes and SHA-256 of the downloads, computed at build time, and how the card prints sizes.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {describeDownloads} from '../../plugins/downloads';
import {formatBytes} from '../../src/components/DownloadCard/format';
import {tempDir} from '../tmp';

const tmp = () => tempDir('docs-unit-');
const write = (root: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
  fs.writeFileSync(path.join(root, rel), text);
};

test.describe('downloads', () => {
  test('size and SHA-256 are computed from the file', () => {
    const dir = tmp();
    write(dir, 'tool-1.0.0.html', 'abc');
    expect(describeDownloads(dir)).toEqual({
      'tool-1.0.0.html': {
        file: 'tool-1.0.0.html',
        url: '/downloads/tool-1.0.0.html',
        bytes: 3,
        sha256: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      },
    });
  });

  test('sizes read as a person would write them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(30_720)).toBe('30.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.00 MB');
  });
});
