// The search adapter (MiniSearch behind an Algolia interface) answering requests as DocSearch's modal sends them, as
// algoliasearch-helper (the theme's /search page) sends them, and in v4 URL-encoded form. Index: the fixture site plus
// generated pages, every term and content shard loaded (the shard fetching is tested below and in the browser).
import {test, expect} from '@playwright/test';
import path from 'node:path';
import algoliasearchHelper from 'algoliasearch-helper';
import {extractSite} from '../../plugins/search/extract';
import MiniSearch from 'minisearch';
import {buildIndex, recordBoost, roundedCorpus, termScores} from '../../plugins/search/build-index';
import {BOOST, MINISEARCH_OPTIONS, SearchEngine, recordFields, type Hit, type SearchResponse} from '../../src/search/engine';
import {IN_OWN, recordObjectID, type DocSearchRecord, type IndexHead} from '../../src/search/types';

const ORIGIN = 'https://docs.example.com';
const fixture = extractSite(path.join(__dirname, 'fixtures/search-site')).records;

/** Thirty generated pages about alarms, for paging and distinct. */
const generated: DocSearchRecord[] = Array.from({length: 30}, (_, i) => {
  const url = `/docs/alarms/rule-${i}`;
  const base = {url_without_anchor: url, language: 'zh-Hans', docusaurus_tag: 'docs-default-current'};
  const hierarchy = {lvl0: '告警', lvl1: `告警规则 ${i}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  return [0, 1, 2, 3].map((position) => ({
    ...base,
    objectID: recordObjectID(url, position),
    hierarchy: position === 0 ? hierarchy : {...hierarchy, lvl2: `条件 ${position}`},
    content: position === 0 ? `第 ${i} 条告警规则在阈值越限时通知值班人员。` : `条件 ${position} 的告警阈值说明。`,
    type: position === 0 ? 'lvl1' : 'content',
    url: position === 0 ? url : `${url}#c${position}`,
    anchor: position === 0 ? null : `c${position}`,
    weight: {pageRank: 0, level: position === 0 ? 90 : 0, position},
  })) as DocSearchRecord[];
}).flat();

/** The engine over the index as the browser gets it (through JSON, files fetched by a loader), every file loaded. */
const built = buildIndex([...fixture, ...generated]);
const roundTrip = (name: string) => JSON.parse(JSON.stringify(built.files.get(name))) as unknown;
const head = JSON.parse(JSON.stringify(built.head)) as IndexHead;
const engine = new SearchEngine(head, (name) => Promise.resolve(roundTrip(name)), {
  origin: ORIGIN,
  indexName: 'lingchuan-docs',
});
test.beforeAll(() => engine.loadAll());

const CONTEXT = ['language:zh-Hans', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

/** A request as DocSearch's modal sends it (v5 form, parameters at the top level). */
async function docsearch(query: string, extra: Record<string, unknown> = {}): Promise<SearchResponse> {
  return (
    await engine.searchManyAsync({
      requests: [
        {
          query,
          indexName: 'lingchuan-docs',
          attributesToRetrieve: [
            'hierarchy.lvl0',
            'hierarchy.lvl1',
            'hierarchy.lvl2',
            'hierarchy.lvl3',
            'hierarchy.lvl4',
            'hierarchy.lvl5',
            'hierarchy.lvl6',
            'content',
            'type',
            'url',
          ],
          attributesToSnippet: [
            'hierarchy.lvl1:10',
            'hierarchy.lvl2:10',
            'hierarchy.lvl3:10',
            'hierarchy.lvl4:10',
            'hierarchy.lvl5:10',
            'hierarchy.lvl6:10',
            'content:10',
          ],
          snippetEllipsisText: '…',
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
          hitsPerPage: 20,
          clickAnalytics: false,
          facetFilters: CONTEXT,
          analyticsTags: ['docs-site'],
          ...extra,
        },
      ],
    })
  ).results[0];
}

const urls = (r: SearchResponse) => r.hits.map((h) => h.url!.replace(ORIGIN, ''));

test('the index round-trips every record (URLs made absolute with the origin)', async () => {
  const all = [...fixture, ...generated];
  expect(engine.size).toBe(all.length);
  all.forEach((r, i) => {
    expect(engine.record(i)).toEqual({...r, url: ORIGIN + r.url, url_without_anchor: ORIGIN + r.url_without_anchor});
  });
});

test('answers a DocSearch modal request with Algolia response fields', async () => {
  const r = await docsearch('设备影子');
  expect(r).toMatchObject({page: 0, hitsPerPage: 20, query: '设备影子', index: 'lingchuan-docs', exhaustiveNbHits: true});
  expect(r.nbHits).toBe(3); // distinct: at most three records of the page
  expect(r.nbPages).toBe(1);
  expect(typeof r.processingTimeMS).toBe('number');
  expect(r.params).toContain('query=%E8%AE%BE%E5%A4%87%E5%BD%B1%E5%AD%90');
  const [first] = r.hits;
  expect(first.url).toBe(`${ORIGIN}/docs/neptune/device-shadow`);
  expect(first.type).toBe('lvl1');
  // Only the attributes asked for, plus objectID and the highlight and snippet results.
  expect(Object.keys(first).sort()).toEqual([
    '_highlightResult',
    '_snippetResult',
    'content',
    'hierarchy',
    'objectID',
    'type',
    'url',
  ]);
  expect(first._highlightResult!.hierarchy!.lvl1).toEqual({
    value: '<mark>设备影子</mark>',
    matchLevel: 'full',
    matchedWords: ['设备影子'],
    fullyHighlighted: true,
  });
  expect(first._snippetResult!.hierarchy!.lvl1!.value).toBe('<mark>设备影子</mark>');
  // Ten words: seventeen CJK characters at half a word each, then "JSON" and one more character.
  expect(first._snippetResult!.content!.value).toBe('<mark>设备影子</mark>是平台为每台<mark>设备</mark>保存的一份 JSON 文…');
});

test('highlight and snippet values are HTML-escaped before the tags go in', async () => {
  const [hit] = (await docsearch('script')).hits;
  expect(hit.url).toBe(`${ORIGIN}/docs/neptune/device-shadow#fields`);
  expect(hit._highlightResult!.content!.value).toContain('&lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt;');
  expect(JSON.stringify(hit._highlightResult)).not.toContain('<script>');
  expect(JSON.stringify(hit._snippetResult)).not.toContain('<script>');
  // Default tags are the DocSearch index's, which the theme's search page restyles.
  const plain = (await engine.searchManyAsync([{indexName: 'x', params: {query: 'script'}}])).results[0].hits[0];
  expect(plain._highlightResult!.content!.value).toContain(
    '&lt;<span class="algolia-docsearch-suggestion--highlight">script</span>&gt;',
  );
});

test('snippets are windows of about N words, CJK characters counting half a word', async () => {
  const r = await docsearch('triton-agent 退避', {attributesToSnippet: ['content:6']});
  const hit = r.hits.find((h) => h.url!.endsWith('#errors'))!;
  const value = hit._snippetResult!.content!.value;
  // 次 后 (half a word each), triton, agent, 把设备标记为 (three words): six; matches across `-` are merged.
  expect(value).toBe('…次后 <mark>triton-agent</mark> 把设备标记为…');
  // The match level is the attribute's (退避 is outside the window).
  expect(hit._snippetResult!.content!.matchLevel).toBe('full');
});

test('identifiers are found whole and by their parts', async () => {
  const where = async (q: string) => urls(await docsearch(q));
  for (const q of [
    'deviceSecret',
    'devicesecret',
    'device secret',
    'X-Nep-Signature',
    'nep signature',
    '40101',
    '$nep/{productKey}',
    'shadow/delta',
  ]) {
    expect(await where(q), q).toContain('/docs/neptune/device-shadow#how-it-works');
  }
  for (const q of ['/api/v1/devices', 'property/report', 'GET /api/v1/devices/{deviceId}/shadow']) {
    expect((await where(q))[0], q).toBe('/docs/neptune/device-shadow#api');
  }
  const [hit] = (await docsearch('deviceSecret')).hits;
  expect(hit._highlightResult!.content!.value).toContain('<mark>deviceSecret</mark>');
  expect((await docsearch('X-Nep-Signature')).hits[0]._highlightResult!.content!.value).toContain('<mark>X-Nep-Signature</mark>');
});

test('question words and {placeholders} are left out of the required terms', async () => {
  expect(urls(await docsearch('怎么读取影子文档'))[0]).toBe('/docs/neptune/device-shadow#api');
  expect(urls(await docsearch('/api/v1/devices/{id}/shadow'))[0]).toBe('/docs/neptune/device-shadow#api');
  expect((await docsearch('/api/v1/devices/{id}/shadow', {advancedSyntax: false})).nbHits).toBeGreaterThan(0);
  expect((await docsearch('什么')).nbHits).toBe(0); // nothing else left: searched as typed
});

test('the last word matches as a prefix; a lone CJK character matches inside words', async () => {
  const r = await docsearch('devi');
  expect(urls(r)).toContain('/docs/neptune/device-shadow#how-it-works');
  expect(r.hits.find((h) => h.url!.endsWith('#how-it-works'))!._highlightResult!.content!.value).toContain(
    '<mark>devi</mark>ceSecret',
  );
  expect((await docsearch('devi ')).nbHits).toBe(0);
  const shadow = await docsearch('影');
  expect(shadow.nbHits).toBeGreaterThan(0);
  expect(shadow.hits[0]._highlightResult!.hierarchy!.lvl1!.value).toBe('设备<mark>影</mark>子');
});

test('with no hit for every term, terms are dropped (unless removeWordsIfNoResults is none)', async () => {
  const r = await docsearch('设备影子 qwertyuiop');
  expect(r.nbHits).toBeGreaterThan(0);
  expect(r.hits[0].url).toBe(`${ORIGIN}/docs/neptune/device-shadow`);
  expect((await docsearch('设备影子 qwertyuiop', {removeWordsIfNoResults: 'none'})).nbHits).toBe(0);
  expect((await docsearch('qwertyuiop')).nbHits).toBe(0);
});

test('ranking: the page title before its sections, headings before content, the phrase before scattered words', async () => {
  expect((await docsearch('工作原理')).hits.map((h) => h.type)[0]).toBe('lvl2');
  expect(urls(await docsearch('告警规则 7'))[0]).toBe('/docs/alarms/rule-7');
  expect(urls(await docsearch('离线使用'))[0]).toBe('/markdown-page#offline');
});

test('facetFilters: items ANDed, nested arrays ORed, negation', async () => {
  const tags = async (filters: unknown) =>
    new Set(
      (
        await engine.searchManyAsync([
          {indexName: 'x', params: {query: '', facetFilters: filters, hitsPerPage: 1000, attributesToRetrieve: ['*']}},
        ])
      ).results[0].hits.map((h) => h.docusaurus_tag),
    );
  expect(await tags(['docusaurus_tag:default'])).toEqual(new Set(['default']));
  expect(await tags([['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']])).toEqual(
    new Set(['default', 'docs-default-current']),
  );
  expect(await tags(['docusaurus_tag:-default'])).toEqual(new Set(['docs-default-current']));
  expect(await tags(['language:zh-Hans', 'docusaurus_tag:default'])).toEqual(new Set(['default']));
  expect(await tags(['language:en'])).toEqual(new Set());
  expect(await tags('docusaurus_tag:default')).toEqual(new Set(['default']));
  expect((await docsearch('离线', {facetFilters: ['type:content']})).hits.every((h) => h.type === 'content')).toBe(true);
});

test('facet counts for the requested facets, before distinct', async () => {
  const r = (
    await engine.searchManyAsync([{indexName: 'x', params: {query: '告警', facets: ['docusaurus_tag', 'type'], hitsPerPage: 0}}])
  ).results[0];
  expect(r.hits).toEqual([]);
  expect(r.nbHits).toBe(90);
  expect(r.facets).toEqual({docusaurus_tag: {'docs-default-current': 120}, type: {lvl1: 30, content: 90}});
  expect(r.exhaustiveFacetsCount).toBe(true);
  const star = (await engine.searchManyAsync([{indexName: 'x', params: {query: '', facets: ['*'], hitsPerPage: 0}}])).results[0];
  expect(Object.keys(star.facets!).sort()).toEqual(['docusaurus_tag', 'hierarchy.lvl0', 'language', 'type']);
});

test('paging and distinct', async () => {
  const page = (n: number) => docsearch('告警', {hitsPerPage: 10, page: n, distinct: 1});
  expect(await page(0)).toMatchObject({nbHits: 30, nbPages: 3, page: 0, hitsPerPage: 10});
  const seen = (await Promise.all([0, 1, 2].map(page))).flatMap(urls);
  expect(new Set(seen).size).toBe(30);
  expect((await page(3)).hits).toEqual([]);
  expect((await docsearch('告警')).nbHits).toBe(90); // three per page by default
  expect((await docsearch('告警', {distinct: false})).nbHits).toBe(120);
});

test('parameters as a v4 URL-encoded string, and requests as a legacy array', async () => {
  const params = `query=${encodeURIComponent('设备影子')}&hitsPerPage=2&facetFilters=${encodeURIComponent(JSON.stringify(CONTEXT))}&attributesToRetrieve=${encodeURIComponent('["url"]')}&highlightPreTag=%3Cem%3E&highlightPostTag=%3C%2Fem%3E`;
  const r = (await engine.searchManyAsync([{indexName: 'x', params}])).results[0];
  expect(r.hitsPerPage).toBe(2);
  expect(r.hits).toHaveLength(2);
  expect(r.params).toBe(params);
  expect(Object.keys(r.hits[0]).sort()).toEqual(['_highlightResult', '_snippetResult', 'objectID', 'url']);
  expect(r.hits[0]._highlightResult!.hierarchy!.lvl1!.value).toBe('<em>设备影子</em>');
  await expect(engine.searchManyAsync({queries: []})).rejects.toThrow(TypeError);
});

test('advanced syntax: quoted phrases are required, -word excludes', async () => {
  expect((await docsearch('告警 -阈值')).nbHits).toBe(0);
  expect(urls(await docsearch('"订阅 $nep"'))).toEqual(['/docs/neptune/device-shadow#how-it-works']);
  expect((await docsearch('"影子 设备"')).nbHits).toBe(0);
});

test('algoliasearch-helper (the theme search page) gets hits, pages and disjunctive facet counts', async () => {
  const sent: unknown[] = [];
  const client = {
    search: (queries: unknown) => {
      sent.push(queries);
      return engine.searchManyAsync(queries);
    },
    addAlgoliaAgent: () => {},
  };
  const helper = algoliasearchHelper(client as never, 'lingchuan-docs', {
    hitsPerPage: 15,
    advancedSyntax: true,
    disjunctiveFacets: ['language', 'docusaurus_tag'],
  });
  helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'default');
  helper.addDisjunctiveFacetRefinement('language', 'zh-Hans');
  helper.addDisjunctiveFacetRefinement('docusaurus_tag', 'docs-default-current');
  const results = await new Promise<algoliasearchHelper.SearchResults>((resolve, reject) => {
    helper.on('result', ({results: res}) => resolve(res));
    helper.on('error', ({error}) => reject(error));
    helper.setQuery('告警').setPage(1).search();
  });
  // One query for hits, one per refined disjunctive facet (hitsPerPage 0).
  const queries = sent[0] as {params: {hitsPerPage: number; facets: string | string[]}}[];
  expect(queries).toHaveLength(3);
  expect(queries.slice(1).map((q) => [q.params.hitsPerPage, q.params.facets])).toEqual([
    [0, 'docusaurus_tag'],
    [0, 'language'],
  ]);
  expect(results).toMatchObject({query: '告警', page: 1, nbHits: 90, nbPages: 6});
  expect(results.hits).toHaveLength(15);
  const facet = results.getFacetValues('docusaurus_tag', {sortBy: ['name:asc']}) as {name: string; count: number}[];
  expect(facet.map((f) => [f.name, f.count])).toEqual([
    ['default', 0], // refined by the page, no record
    ['docs-default-current', 120],
  ]);
  // What the search page reads: highlighted hierarchy levels in order (the last is the title) and the content snippet.
  const hit = results.hits[0] as Hit;
  expect(hit.type).toBe('lvl1');
  expect(Object.keys(hit._highlightResult!.hierarchy!)).toEqual(['lvl0', 'lvl1']);
  expect(hit._snippetResult!.content!.value).toContain('<span class="algolia-docsearch-suggestion--highlight">告警</span>');
  const [section] = (await engine.searchManyAsync([{indexName: 'x', params: {query: '条件 2 阈值'}}])).results[0].hits;
  expect(section.type).toBe('content');
  expect(Object.keys(section._highlightResult!.hierarchy!)).toEqual(['lvl0', 'lvl1', 'lvl2']);
});

test('the empty query lists records in custom-ranking order', async () => {
  const r = (
    await engine.searchManyAsync([{indexName: 'x', params: {query: '', facetFilters: ['docusaurus_tag:default'], distinct: 0}}])
  ).results[0];
  expect(r.hits.map((h) => h.type)).toEqual(['lvl1', 'lvl2', 'content']);
});

test('a snippet cut from the middle of the text starts with 「…」 when the request names no ellipsis (the search page)', async () => {
  // Record 0 of rule 7: 「第 7 条告警规则在阈值越限时通知值班人员。」; a 3-word window around 值班 starts mid-sentence.
  const r = await docsearch('值班人员', {snippetEllipsisText: undefined, attributesToSnippet: ['content:3']});
  const cut = r.hits.map((h) => h._snippetResult?.content?.value ?? '').find((v) => v.includes('<mark>'));
  expect(cut).toBeDefined();
  expect(cut!.startsWith('…')).toBe(true);
  // DocSearch's own ellipsis still wins when it sends one.
  const own = await docsearch('值班人员', {snippetEllipsisText: '⋯', attributesToSnippet: ['content:3']});
  expect(own.hits[0]._snippetResult!.content!.value.startsWith('⋯')).toBe(true);
});

test('a fresh engine fetches only the files of the query and of the hits it shows', async () => {
  const fetched: string[] = [];
  const fresh = new SearchEngine(head, (name) => (fetched.push(name), Promise.resolve(roundTrip(name))), {origin: ORIGIN});
  const request = {requests: [{indexName: 'lingchuan-docs', query: '设备影子', hitsPerPage: 5, facetFilters: CONTEXT}]};
  const res = await fresh.searchManyAsync(request);
  // 设备影子 → bigrams 设备, 备影, 影子 (and the synonym shadow): their posting buckets, no dictionary (no prefix, no
  // typo for CJK), and the headings and text of the hits shown.
  const kinds = (list: string[]) => list.map((n) => n.replace(/-\d+\.json$/, ''));
  expect(kinds(fetched).filter((k) => k === 'search-dict')).toEqual([]);
  expect(kinds(fetched).filter((k) => k === 'search-post').length).toBeLessThanOrEqual(4);
  expect(fetched.length).toBeLessThan(built.files.size / 4);
  // The same answer as the engine with everything loaded.
  const full = (await engine.searchManyAsync(request)).results[0];
  expect(res.results[0].hits.map((h) => h.objectID)).toEqual(full.hits.map((h) => h.objectID));
  expect(res.results[0].hits[0]._snippetResult ?? res.results[0].hits[0]._highlightResult).toBeTruthy();
  // A second query with the same words fetches nothing more; a Latin word fetches its dictionary shard (prefix, typos).
  const before = fetched.length;
  await fresh.searchManyAsync(request);
  expect(fetched.length).toBe(before);
  await fresh.searchManyAsync({requests: [{indexName: 'x', query: 'shado', hitsPerPage: 1}]});
  expect(kinds(fetched.slice(before))).toContain('search-dict');
});

test('an English word finds the page that names the concept in Chinese; one wrong letter in a long word is forgiven', async () => {
  const shadow = await docsearch('shadow');
  expect(shadow.hits.length).toBeGreaterThan(0);
  expect(urls(shadow)[0]).toBe('/docs/neptune/device-shadow');
  const typo = await docsearch('signatare');
  const right = await docsearch('signature');
  expect(right.hits.length).toBeGreaterThan(0);
  expect(urls(typo)).toEqual(urls(right));
});

test("the postings hold MiniSearch's own scores: every term's records, scores and order equal MiniSearch's", () => {
  const records = [...fixture, ...generated];
  const mini = new MiniSearch(MINISEARCH_OPTIONS);
  mini.addAll(records.map((r, i) => recordFields(r, i)));
  // Its corpus figures rounded as the build rounds them (its own figures, so that their computation is checked too).
  const figures = mini as unknown as {_documentCount: number; _avgFieldLength: number[]};
  const corpus = roundedCorpus(figures._documentCount, figures._avgFieldLength);
  expect(corpus.n).toBeGreaterThanOrEqual(records.length);
  figures._documentCount = corpus.n;
  figures._avgFieldLength = corpus.avg;
  const scores = termScores(records);
  const options = {
    fields: [...MINISEARCH_OPTIONS.fields],
    boost: {...BOOST},
    prefix: false,
    fuzzy: false,
    boostDocument: (id: unknown) => recordBoost(records[id as number].type),
  };
  const terms = (mini.toJSON() as unknown as {index: [string, unknown][]}).index.map(([t]) => t);
  expect(terms.length).toBeGreaterThan(300);
  // The same terms in the same order (the order of MiniSearch's radix tree, which the dictionary shards keep).
  expect([...scores.keys()]).toEqual(terms);
  for (const term of terms) {
    const expected = mini
      .search(term, options)
      .map((r) => ({rec: r.id as number, score: r.score, own: r.match[term]?.includes('own') ?? false}))
      .sort((a, b) => a.rec - b.rec);
    const got = scores
      .get(term)!
      .map((p) => ({rec: p.rec, score: p.score, own: (p.flags & IN_OWN) !== 0}))
      .sort((a, b) => a.rec - b.rec);
    expect(got, term).toEqual(expected);
  }
});

test('an edit of one record changes only the postings of the terms it touched: the corpus figures are rounded', () => {
  const records = [...fixture, ...generated];
  const edited = records.map((r, i) => (i === 5 ? {...r, content: `${r.content ?? ''} 值班人员确认告警后记录处理结果。`} : r));
  const before = termScores(records);
  const after = termScores(edited);
  const touched = new Set(MINISEARCH_OPTIONS.tokenize(`${records[5].content ?? ''} 值班人员确认告警后记录处理结果。`));
  const changed = [...after.keys()].filter((t) => JSON.stringify(after.get(t)) !== JSON.stringify(before.get(t)));
  expect(changed.length).toBeGreaterThan(0);
  expect(changed.filter((t) => !touched.has(t))).toEqual([]);
});
