// The size budget gate (scripts/size-budget.ts): a bundle that grows more than 5 % over the committed budget fails,
// naming the page and the file; a growth within 5 % passes; a new chunk that pushes a page's total over is named.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import {BUDGET_FILE, compareBudget, stableName, type Sizes} from '../../scripts/size-budget';

const budget = JSON.parse(fs.readFileSync(BUDGET_FILE, 'utf8')) as Sizes;

test('the committed budget covers main.js on both budgeted pages', () => {
  expect(Object.keys(budget).sort()).toEqual(['docs', 'home']);
  expect(budget.docs['main.js']).toBeGreaterThan(0);
  expect(stableName('/assets/js/main.fe80b8d1.js')).toBe('main.js');
  expect(stableName('/assets/js/runtime~main.75e2b590.js')).toBe('runtime~main.js');
});

test('main.js grown by 6 % fails, naming the page and the file; 4 % passes', () => {
  const grown = structuredClone(budget);
  grown.docs['main.js'] = Math.ceil(budget.docs['main.js'] * 1.06);
  const problems = compareBudget(grown, budget);
  expect(problems.some((p) => p.startsWith('docs: main.js grew to'))).toBe(true);
  const within = structuredClone(budget);
  within.docs['main.js'] = Math.floor(budget.docs['main.js'] * 1.04);
  expect(compareBudget(within, budget)).toEqual([]);
});

test('a new chunk that pushes a page over its total fails, naming the new file', () => {
  const grown = structuredClone(budget);
  const total = Object.values(budget.home).reduce((a, b) => a + b, 0);
  grown.home['new-feature.js'] = Math.ceil(total * 0.06);
  const problems = compareBudget(grown, budget);
  expect(problems).toEqual([expect.stringContaining('home: first-load JavaScript grew to')]);
  expect(problems[0]).toContain('new-feature.js (new)');
});
