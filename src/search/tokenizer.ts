// Tokenizer shared by the index build and the browser, so documents and queries are cut the same way.
//
// Text is normalised character by character (NFKC, lower case), keeping each token's offsets in the original string for
// highlighting. Tokens:
// - CJK: overlapping bigrams of each run of CJK characters ("设备影子" → 设备 备影 影子); a run of one character is a
//   unigram. A query for one character is matched against every token that holds it (see the engine).
// - Latin letters and digits: words, cut at any other character (so `/api/v1/devices`, `property/report`,
//   `X-Nep-Signature`, `$nep/{productKey}` give their parts) and at camelCase humps (`deviceSecret` → device, secret);
//   a camelCase word is also indexed whole (`devicesecret`). A query identifier must match all its parts, and the engine
//   rewards records where they stand together, so identifiers are found whole and by any part.

export type TokenKind = 'cjk' | 'word' | 'whole';

export interface Token {
  /** Normalised token. */
  term: string;
  /** Offsets of the token in the original string. */
  start: number;
  end: number;
  kind: TokenKind;
}

/** What a query term must find: a text holding `whole`, or all of `parts` (the humps of a camelCase word). */
export interface Atom {
  parts: string[];
  whole?: string;
  /** The last word of a query typed without a trailing space: its last part may be the start of a longer token. */
  prefix?: boolean;
  /** A lone CJK character: matches any token containing it. */
  char?: boolean;
}

/** A query term, the unit of AND and of fallback: one Latin/digit word, one CJK bigram or one lone CJK character. */
export interface QueryTerm {
  /** The query word it comes from, as typed (for `matchedWords`; the bigrams of a CJK run share their run). */
  text: string;
  atoms: Atom[];
  /** A CJK bigram or lone character (never a prefix). */
  cjk: boolean;
  /** Index of the query word (Latin/digit word, or a word of a CJK run) the term belongs to. */
  word: number;
  /** A CJK bigram across two words of a run (设备|影子 → 备影): it adds to the score, it is not a word to hold. */
  glue?: boolean;
}

let segmenter: Intl.Segmenter | null | undefined;
/** Words of a text by the platform's word segmenter (ICU dictionaries), or null where there is none. */
export function segmentWords(text: string): {segment: string; index: number; isWordLike?: boolean}[] | null {
  if (segmenter === undefined)
    segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', {granularity: 'word'}) : null;
  return segmenter ? [...segmenter.segment(text)] : null;
}

/**
 * The words of a CJK run as [first, last] unit indexes. The segmenter's dictionary cuts technical words into single
 * characters (网|关, 离|线, 下|发): neighbouring single characters are joined again into one word.
 */
function runWords(chars: string[]): [number, number][] {
  const segments = segmentWords(chars.join(''));
  if (!segments) return [[0, chars.length - 1]];
  // Segment offsets are UTF-16 offsets; units are code points.
  const unitAt: number[] = [];
  chars.forEach((c, i) => {
    for (let k = 0; k < c.length; k++) unitAt.push(i);
  });
  const words: [number, number][] = [];
  let singles = false;
  for (const seg of segments) {
    const first = unitAt[seg.index];
    const last = unitAt[seg.index + seg.segment.length - 1];
    // Join runs of single characters: 连|不|上 → 连不上.
    if (singles && first === last) words[words.length - 1][1] = last;
    else {
      words.push([first, last]);
      singles = first === last;
    }
  }
  return words;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u3007]/u;
const WORD = /[\p{L}\p{N}]/u;

/** NFKC and lower case: the normal form of all searchable text. */
export function normalize(s: string): string {
  return s.normalize('NFKC').toLowerCase();
}

type Case = 'upper' | 'lower' | 'other';
type Unit = {ch: string; start: number; end: number; cls: 'cjk' | 'word' | 'sep'; case: Case};

/** The string as normalised units with their original offsets (a unit is one normalised code point). */
function units(text: string): Unit[] {
  const out: Unit[] = [];
  let i = 0;
  for (const cp of text) {
    const start = i;
    i += cp.length;
    const code = cp.charCodeAt(0);
    // Fast paths: ASCII, and CJK Unified Ideographs (NFKC leaves them as they are).
    if (code < 0x80) {
      const upper = code >= 65 && code <= 90;
      const lower = code >= 97 && code <= 122;
      const word = upper || lower || (code >= 48 && code <= 57);
      const ch = upper ? String.fromCharCode(code + 32) : cp;
      out.push({ch, start, end: i, cls: word ? 'word' : 'sep', case: upper ? 'upper' : lower ? 'lower' : 'other'});
      continue;
    }
    if (code >= 0x4e00 && code <= 0x9fff) {
      out.push({ch: cp, start, end: i, cls: 'cjk', case: 'other'});
      continue;
    }
    const kase: Case = cp !== cp.toLowerCase() ? 'upper' : cp !== cp.toUpperCase() ? 'lower' : 'other';
    // Normalising one code point may give several (e.g. "㎏" → "kg"): they share the original span.
    for (const ch of normalize(cp)) {
      out.push({ch, start, end: i, cls: CJK.test(ch) ? 'cjk' : WORD.test(ch) ? 'word' : 'sep', case: kase});
    }
  }
  return out;
}

/** A hump starts at k: lower→Upper ("deviceSecret"), or the last capital of a run before a lower ("XMLParser"). */
function isHump(word: Unit[], k: number): boolean {
  if (word[k].case !== 'upper') return false;
  const prev = word[k - 1].case;
  return prev === 'lower' || (prev === 'upper' && k + 1 < word.length && word[k + 1].case === 'lower');
}

/** Splits a word at camelCase humps: "deviceSecret" → [device, secret]; "XMLParser" → [xml, parser]. */
function camelParts(word: Unit[]): Unit[][] {
  const parts: Unit[][] = [];
  let cur: Unit[] = [];
  word.forEach((u, k) => {
    if (cur.length > 0 && isHump(word, k)) {
      parts.push(cur);
      cur = [];
    }
    cur.push(u);
  });
  if (cur.length) parts.push(cur);
  return parts;
}

const join = (us: Unit[]) => us.map((u) => u.ch).join('');

type Run = {cls: 'cjk' | 'word'; units: Unit[]};

/** Runs of units of one class (CJK characters, letters and digits); separators end runs. */
function runs(us: Unit[]): Run[] {
  const out: Run[] = [];
  let cur: Unit[] = [];
  const flush = () => {
    if (cur.length) out.push({cls: cur[0].cls as Run['cls'], units: cur});
    cur = [];
  };
  for (const u of us) {
    if (u.cls === 'sep' || (cur.length && cur[0].cls !== u.cls)) flush();
    if (u.cls !== 'sep') cur.push(u);
  }
  flush();
  return out;
}

/** Version numbers (2.6, v2.8, 1.6.0): also indexed whole, so「2.6 新功能」finds the v2.6 notes, not any 2 and 6. */
const VERSION = /(?<![\p{L}\p{N}.])v?(\d+(?:\.\d+)+)(?![\p{L}\p{N}]|\.\d)/giu;

/** Index tokens of a text, in order, with original offsets. Repeated tokens are repeated (term frequency). */
export function tokenize(text: string): Token[] {
  const us = units(text);
  const out: Token[] = [];
  for (const m of text.matchAll(VERSION)) {
    const start = m.index! + m[0].length - m[1].length;
    out.push({term: m[1], start, end: start + m[1].length, kind: 'whole'});
  }

  for (const run of runs(us)) {
    const u = run.units;
    if (run.cls === 'cjk') {
      if (u.length === 1) out.push({term: u[0].ch, start: u[0].start, end: u[0].end, kind: 'cjk'});
      for (let k = 0; k + 1 < u.length; k++) {
        out.push({term: u[k].ch + u[k + 1].ch, start: u[k].start, end: u[k + 1].end, kind: 'cjk'});
      }
      continue;
    }
    const parts = camelParts(u);
    if (parts.length > 1) out.push({term: join(u), start: u[0].start, end: u[u.length - 1].end, kind: 'whole'});
    for (const p of parts) out.push({term: join(p), start: p[0].start, end: p[p.length - 1].end, kind: 'word'});
  }
  return out;
}

/** The distinct terms of a text with their counts. */
export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of tokenize(text)) counts.set(t.term, (counts.get(t.term) ?? 0) + 1);
  return counts;
}

/**
 * Query terms: each Latin/digit word (so `/api/v1/devices` gives api, v1, devices and `deviceSecret` one term matching
 * `devicesecret` or device + secret) and each CJK bigram. The engine rewards records holding the query as typed, so an
 * identifier found whole ranks above its parts found apart. The last word is a prefix unless the query ends with a
 * separator.
 */
export function parseQuery(query: string): QueryTerm[] {
  const us = units(query);
  const terms: QueryTerm[] = [];
  let word = 0;
  for (const run of runs(us)) {
    const u = run.units;
    if (run.cls === 'cjk') {
      // Each word of the run: its bigrams (a one-character word: the character); bigrams across words are glue.
      const words = runWords(u.map((x) => x.ch));
      const wordOf = new Int32Array(u.length);
      words.forEach(([first, last], w) => wordOf.fill(word + w, first, last + 1));
      // `text` stays the run as typed: it is the matched word highlights report (设备影子, not 设备 and 影子).
      const text = query.slice(u[0].start, u[u.length - 1].end);
      for (const [first, last] of words) {
        if (first === last) terms.push({text, atoms: [{parts: [u[first].ch], char: true}], cjk: true, word: wordOf[first]});
      }
      for (let k = 0; k + 1 < u.length; k++) {
        const glue = wordOf[k] !== wordOf[k + 1];
        terms.push({text, atoms: [{parts: [u[k].ch + u[k + 1].ch]}], cjk: true, word: wordOf[k], ...(glue ? {glue} : {})});
      }
      word += words.length;
      continue;
    }
    const text = query.slice(u[0].start, u[u.length - 1].end);
    const parts = camelParts(u).map(join);
    terms.push({text, atoms: [parts.length > 1 ? {parts, whole: join(u)} : {parts}], cjk: false, word: word++});
  }
  // A version number is one term: found whole (2.6) or as its parts (v2 and 6).
  for (const m of query.matchAll(VERSION)) {
    const whole = m[1];
    const start = m.index!;
    const end = start + m[0].length;
    const inside = terms.filter((t) => {
      const at = query.indexOf(t.text, start);
      return !t.cjk && at >= start && at + t.text.length <= end;
    });
    if (inside.length < 2) continue;
    const first = terms.indexOf(inside[0]);
    // Found whole: the index holds every written version whole (v2.7 → 2.7); its parts alone (2, 7) say little.
    terms.splice(first, inside.length, {text: m[0], atoms: [{parts: [whole]}], cjk: false, word: inside[0].word});
  }
  const last = terms[terms.length - 1];
  const lastUnit = us[us.length - 1];
  if (last && !last.cjk && lastUnit?.cls === 'word') last.atoms[0].prefix = true;
  return terms;
}
