// plugins/code-include: a `file=` fence shows the repository file, and a wrong path fails the build naming the page.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {includeCode} from '../../plugins/code-include';
import {tempDir} from '../tmp';

const tmp = () => tempDir('docs-unit-');
const write = (root: string, rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), {recursive: true});
  fs.writeFileSync(path.join(root, rel), text);
};

test.describe('code-include', () => {
  test('fills a `file=` fence with the file and drops the attribute', () => {
    const root = tmp();
    write(root, 'examples/a.js', 'console.log(1);\n');
    const tree = {type: 'root', children: [{type: 'code', lang: 'js', meta: 'title="a.js" file=examples/a.js', value: ''}]};
    includeCode(tree, 'docs/x.md', root);
    expect(tree.children[0]).toMatchObject({value: 'console.log(1);', meta: 'title="a.js"'});
  });

  test('a missing file fails with the page and the path named', () => {
    const tree = {type: 'root', children: [{type: 'code', lang: 'js', meta: 'file=examples/nope.js', value: ''}]};
    expect(() => includeCode(tree, 'docs/neptune/api/x.md', tmp())).toThrow(/docs\/neptune\/api\/x\.md.*examples\/nope\.js/);
  });

  test('a fence with both a body and file= is refused', () => {
    const root = tmp();
    write(root, 'examples/a.js', 'x');
    const tree = {type: 'root', children: [{type: 'code', lang: 'js', meta: 'file=examples/a.js', value: 'stale copy'}]};
    expect(() => includeCode(tree, 'docs/y.md', root)).toThrow(/must be empty/);
  });

  test('a path outside the repository is refused', () => {
    const root = tmp();
    const tree = {type: 'root', children: [{type: 'code', lang: 'text', meta: 'file=../../etc/passwd', value: ''}]};
    expect(() => includeCode(tree, 'docs/z.md', root)).toThrow(/does not exist in the repository/);
  });
});
