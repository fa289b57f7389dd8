// Benchmark step 4: Lighthouse (mobile, simulated throttling), median of the runs.
import fs from 'node:fs';
import path from 'node:path';
import {CHROMIUM, CHROMIUM_FLAGS} from '../scripts/lib/chromium';
import {RESULTS} from './options';
import {cleanups, log, median, rel} from './lib';

// ---------------------------------------------------------------------------------------------------------------------
// 4. Lighthouse (mobile, simulated throttling), median of the runs (--lh-runs)
// ---------------------------------------------------------------------------------------------------------------------
/** A Lighthouse result (LHR) or a part of it: JSON read by field names below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type LhRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  siMs: number;
  lhr: Json;
};
export type LhSummary = Omit<LhRun, 'lhr'> & {runs: Omit<LhRun, 'lhr'>[]; diagnostics: Record<string, unknown>; report: string};

export function diagnostics(lhr: Json): Record<string, unknown> {
  const a = lhr.audits;
  const items = (id: string): Json[] => a[id]?.details?.items ?? [];
  const short = (u: string) => (typeof u === 'string' ? u.replace(/^https?:\/\/[^/]+/, '') : u);
  const failing: Record<string, {id: string; title: string; score: number | null}[]> = {};
  for (const cat of ['performance', 'accessibility', 'best-practices', 'seo']) {
    failing[cat] = (lhr.categories[cat]?.auditRefs ?? [])
      .filter((ref: Json) => ref.weight > 0)
      .map((ref: Json) => a[ref.id])
      .filter(
        (au: Json) =>
          au &&
          au.score !== null &&
          au.score < 1 &&
          au.scoreDisplayMode !== 'informative' &&
          au.scoreDisplayMode !== 'notApplicable',
      )
      .map((au: Json) => ({id: au.id, title: au.title, score: au.score, displayValue: au.displayValue}));
  }
  const lcpEl = items('largest-contentful-paint-element');
  return {
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    runWarnings: lhr.runWarnings,
    failing,
    lcpElement: lcpEl[0]?.items?.[0]?.node?.snippet ?? lcpEl[0]?.node?.snippet,
    lcpPhases: lcpEl[1]?.items?.map((i: {phase: string; timing: number}) => `${i.phase} ${Math.round(i.timing)} ms`),
    renderBlocking: items('render-blocking-resources').map((i) => ({
      url: short(i.url),
      wastedMs: i.wastedMs,
      bytes: i.totalBytes,
    })),
    unusedJs: items('unused-javascript')
      .slice(0, 8)
      .map((i) => ({
        url: short(i.url),
        totalKB: +(i.totalBytes / 1024).toFixed(1),
        wastedKB: +(i.wastedBytes / 1024).toFixed(1),
      })),
    unusedCss: items('unused-css-rules').map((i) => ({
      url: short(i.url),
      totalKB: +(i.totalBytes / 1024).toFixed(1),
      wastedKB: +(i.wastedBytes / 1024).toFixed(1),
    })),
    bootupTime: items('bootup-time')
      .slice(0, 6)
      .map((i) => ({url: short(i.url), scriptingMs: Math.round(i.scripting), totalMs: Math.round(i.total)})),
    mainThread: items('mainthread-work-breakdown').map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`),
    longTasks: items('long-tasks')
      .slice(0, 6)
      .map((i) => ({url: short(i.url), startMs: Math.round(i.startTime), durationMs: Math.round(i.duration)})),
    layoutShifts: items('layout-shifts').map((i) => ({score: i.score, node: i.node?.snippet})),
    thirdParty: items('third-party-summary').map((i) => ({entity: i.entity, transferKB: +(i.transferSize / 1024).toFixed(1)})),
    totalByteWeightKB: +((a['total-byte-weight']?.numericValue ?? 0) / 1024).toFixed(1),
    domSize: a['dom-size']?.numericValue,
    requests: items('network-requests').length,
    ttiMs: Math.round(a.interactive?.numericValue ?? 0),
    maxPotentialFidMs: Math.round(a['max-potential-fid']?.numericValue ?? 0),
  };
}

export async function lighthouseRuns(
  origin: string,
  routes: {key: string; route: string}[],
  runsPerRoute: number,
  reportPrefix = '',
): Promise<Record<string, LhSummary>> {
  const {default: lighthouse} = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const reportDir = path.join(RESULTS, 'lighthouse');
  fs.mkdirSync(reportDir, {recursive: true});
  const out: Record<string, LhSummary> = {};
  for (const {key, route} of routes) {
    const runs: LhRun[] = [];
    for (let i = 1; i <= runsPerRoute; i++) {
      // A fresh browser (and profile) per run; Lighthouse's defaults: mobile form factor, simulated throttling.
      const chrome = await chromeLauncher.launch({chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, '--headless=new']});
      const kill = async () => {
        try {
          chrome.kill();
        } catch {
          /* already gone */
        }
      };
      cleanups.push(kill);
      try {
        const result = await lighthouse(origin + route, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('no result');
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const c = lhr.categories;
        const n = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        runs.push({
          performance: c.performance.score ?? NaN,
          accessibility: c.accessibility.score ?? NaN,
          bestPractices: c['best-practices'].score ?? NaN,
          seo: c.seo.score ?? NaN,
          lcpMs: n('largest-contentful-paint'),
          tbtMs: n('total-blocking-time'),
          cls: n('cumulative-layout-shift'),
          fcpMs: n('first-contentful-paint'),
          siMs: n('speed-index'),
          lhr,
        });
        const r = runs[runs.length - 1];
        log(
          `lighthouse ${route.padEnd(42)} run ${i}/${runsPerRoute}: perf ${r.performance.toFixed(2)}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`,
        );
      } finally {
        await kill();
      }
    }
    const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'fcpMs', 'siMs'] as const;
    const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Omit<LhRun, 'lhr'>;
    // The representative run (for the diagnostics and the saved report): closest to the medians of LCP and TBT, as
    // Lighthouse's own computeMedianRun does with FCP and TTI.
    const rep = [...runs].sort((x, y) => {
      const d = (r: LhRun) => Math.abs(r.lcpMs - med.lcpMs) / (med.lcpMs || 1) + Math.abs(r.tbtMs - med.tbtMs) / (med.tbtMs || 1);
      return d(x) - d(y);
    })[0];
    const report = path.join(reportDir, `${reportPrefix}${key}.json`);
    fs.writeFileSync(report, JSON.stringify(rep.lhr));
    out[key] = {
      ...med,
      runs: runs.map((r) => {
        const {lhr, ...rest} = r;
        void lhr;
        return rest;
      }),
      diagnostics: diagnostics(rep.lhr),
      report: rel(report),
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------------
