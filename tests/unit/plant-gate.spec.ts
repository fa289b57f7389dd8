// The consistency gate (scripts/check-plant.ts) on a deliberately broken page: each kind of disagreement with the
// reference plant is reported with its line; the real pages pass (that is the `lint:plant` gate itself).
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {PlantChecker, loadPlant} from '../../scripts/check-plant';

const page = fs.readFileSync(path.join(__dirname, 'fixtures/plant-broken.md'), 'utf8');

test('every kind of disagreement with the reference plant is reported with its line', () => {
  const checker = new PlantChecker(loadPlant());
  checker.checkFile('fixture.md', page);
  const got = checker.problems.map((p) => `${p.line}: ${p.msg}`);
  const expectLine = (line: number, text: string) =>
    expect(
      got.filter((g) => g.startsWith(`${line}: `) && g.includes(text)),
      `${line}: …${text}… in\n${got.join('\n')}`,
    ).not.toHaveLength(0);
  expectLine(5, 'is at HR:4 in the reference plant, not HR:0'); // register
  expectLine(5, '「油温」'); // a word the plant forbids
  expectLine(5, 'labelled 「电机温度」'); // label
  expectLine(6, 'is int16 in the reference plant, not int32'); // type
  expectLine(8, 'dev-001 has 9 points'); // count
  expectLine(8, '`dev-001.oilTemp`'); // unknown point
  expectLine(11, 'is `temp` in Janus'); // triton.toml janus name
  expectLine(18, 'app.json example fails the manifest rules'); // manifest schema
  expectLine(24, 'menu path **设备管理 > 设备清单**'); // menu
  expectLine(25, 'put a :::warning or :::danger before it'); // safety
  expect(got).toHaveLength(10);
});

test('the same page with the plant values, a warning and a valid manifest passes', () => {
  const fixed = page
    .replace('| `temp` | `HR:0` | float | 油温 |', '| `temp` | `HR:4` | float | 电机温度 |')
    .replace('| int32 |', '| int16 |')
    .replace('共有 4 个', '共有 9 个')
    .replace('dev-001.oilTemp', 'dev-001.temp')
    .replace('"motor_temp"', '"temp"')
    .replace(
      '{"id": "press-line-hmi", "name": "冲压线监控", "version": "1.2", "pages": []}',
      JSON.stringify(loadPlant().manifests['press-monitor']),
    )
    .replace('设备清单', '设备列表')
    .replace('2. 单击 **删除**', ':::danger[不可恢复]\n删除后无法恢复。\n:::\n\n2. 单击 **删除**');
  const checker = new PlantChecker(loadPlant());
  checker.checkFile('fixture.md', fixed);
  expect(checker.problems).toEqual([]);
});
