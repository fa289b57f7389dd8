// Algolia-style `_highlightResult` and `_snippetResult` values. The text is HTML-escaped before the tags are inserted,
// so page text such as `<script>` can never become markup in the search UI (which renders these values as HTML).
import {tokenize} from './tokenizer';

/** What the query matches in a text. Each map goes from a normalised token (or character) to the query word it comes from. */
export interface HighlightSpec {
  terms: Map<string, string>;
  /** Humps of a camelCase query word (`device` of `deviceSecret`): highlighted, but a weaker match for snippets. */
  parts: Map<string, string>;
  /** Tokens that may be the start of a longer token (the last query word). */
  prefixes: Map<string, string>;
  /** Lone CJK characters of the query: matched inside any CJK token. */
  chars: Map<string, string>;
  /** The query words, in order. */
  words: string[];
}

export type MatchLevel = 'none' | 'partial' | 'full';
export interface HighlightResult {
  value: string;
  matchLevel: MatchLevel;
  matchedWords: string[];
  fullyHighlighted?: boolean;
}
export interface SnippetResult {
  value: string;
  matchLevel: MatchLevel;
}

export type Span = {start: number; end: number; words: Set<string>; strong: boolean};

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Spans of `text` matched by the query, sorted and merged (also across `-_./:` between two matches). */
export function findSpans(text: string, spec: HighlightSpec): Span[] {
  const spans: Span[] = [];
  const add = (start: number, end: number, word: string, strong = true) =>
    spans.push({start, end, words: new Set([word]), strong});
  for (const t of tokenize(text)) {
    const exact = spec.terms.get(t.term);
    if (exact !== undefined) {
      add(t.start, t.end, exact);
      continue;
    }
    const part = spec.parts.get(t.term);
    if (part !== undefined && t.kind === 'word') {
      add(t.start, t.end, part, false);
      continue;
    }
    if (t.kind === 'cjk') {
      if (spec.chars.size) {
        for (let i = t.start; i < t.end;) {
          const ch = String.fromCodePoint(text.codePointAt(i)!);
          const word = spec.chars.get(ch);
          if (word !== undefined) add(i, i + ch.length, word);
          i += ch.length;
        }
      }
      continue;
    }
    for (const [prefix, word] of spec.prefixes) {
      if (!t.term.startsWith(prefix)) continue;
      // Highlight the typed part only, when the token's normal form has the same length as its source.
      const sameLength = t.end - t.start === t.term.length;
      add(t.start, sameLength ? t.start + prefix.length : t.end, word);
      break;
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && (s.start <= last.end || /^[-_./:]+$/.test(text.slice(last.end, s.start)))) {
      last.end = Math.max(last.end, s.end);
      last.strong ||= s.strong;
      s.words.forEach((w) => last.words.add(w));
    } else merged.push({...s, words: new Set(s.words)});
  }
  return merged;
}

/** `text[from, to)` escaped, with the spans wrapped in the tags. */
function render(text: string, from: number, to: number, spans: Span[], pre: string, post: string): string {
  let out = '';
  let pos = from;
  for (const s of spans) {
    const start = Math.max(s.start, from);
    const end = Math.min(s.end, to);
    if (end <= start) continue;
    out += escapeHtml(text.slice(pos, start)) + pre + escapeHtml(text.slice(start, end)) + post;
    pos = end;
  }
  return out + escapeHtml(text.slice(pos, to));
}

function level(spans: Span[], spec: HighlightSpec): {matchLevel: MatchLevel; matchedWords: string[]} {
  const found = new Set<string>();
  spans.forEach((s) => s.words.forEach((w) => found.add(w)));
  const matchedWords = spec.words.filter((w) => found.has(w));
  const matchLevel: MatchLevel =
    matchedWords.length === 0 ? 'none' : matchedWords.length === new Set(spec.words).size ? 'full' : 'partial';
  return {matchLevel, matchedWords};
}

export function highlight(
  text: string,
  spec: HighlightSpec,
  pre: string,
  post: string,
  spans = findSpans(text, spec),
): HighlightResult {
  const {matchLevel, matchedWords} = level(spans, spec);
  const result: HighlightResult = {value: render(text, 0, text.length, spans, pre, post), matchLevel, matchedWords};
  if (matchLevel !== 'none') {
    const covered = spans.reduce((n, s) => n + s.end - s.start, 0);
    result.fullyHighlighted = covered >= text.replace(/\s+$/, '').length;
  }
  return result;
}

/** One CJK character counts as half a word in snippet lengths (Chinese words are mostly two characters). */
const CJK_WEIGHT = 0.5;
const CJK_CHAR = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** Snippet units: one CJK character, or a run of other letters and digits. */
const UNIT = new RegExp(`[${CJK_CHAR}]|[^\\s\\p{P}\\p{S}${CJK_CHAR}]+`, 'gu');
const IS_CJK = new RegExp(`^[${CJK_CHAR}]$`, 'u');

/** A window of about `words` words around the best cluster of matches, with an ellipsis where text was cut. */
export function snippet(
  text: string,
  spec: HighlightSpec,
  words: number,
  pre: string,
  post: string,
  ellipsis = '',
  spans = findSpans(text, spec),
): SnippetResult {
  const {matchLevel} = level(spans, spec);
  const units = [...text.matchAll(UNIT)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    w: IS_CJK.test(m[0]) ? CJK_WEIGHT : 1,
  }));
  if (units.length === 0) return {value: render(text, 0, text.length, spans, pre, post), matchLevel};

  const unitAt = (offset: number) => {
    let k = units.findIndex((u) => u.end > offset);
    if (k < 0) k = units.length - 1;
    return k;
  };
  /** The window starting at unit s: its last unit. */
  const endOf = (s: number) => {
    let e = s;
    let w = units[s].w;
    while (e + 1 < units.length && w + units[e + 1].w <= words) w += units[++e].w;
    return e;
  };

  // Best window: most query words, then most strong matches, then the earliest.
  let best = {s: 0, e: endOf(0), score: -1};
  for (const span of spans.slice(0, 30)) {
    // Start a little before the match: a quarter of the window.
    let s = unitAt(span.start);
    let back = 0;
    while (s > 0 && back + units[s - 1].w <= words / 4) back += units[--s].w;
    let e = endOf(s);
    // Near the end of the text, pull the start back to keep the window full.
    let w = units.slice(s, e + 1).reduce((n, u) => n + u.w, 0);
    while (s > 0 && w + units[s - 1].w <= words) w += units[--s].w;
    e = endOf(s);
    const inside = new Set<string>();
    let strong = 0;
    spans.forEach((x) => {
      if (x.start < units[s].start || x.end > units[e].end) return;
      x.words.forEach((word) => inside.add(word));
      if (x.strong) strong++;
    });
    const score = inside.size + Math.min(strong, 9) / 10;
    if (score > best.score) best = {s, e, score};
  }
  const from = best.s === 0 ? 0 : units[best.s].start;
  const to = best.e === units.length - 1 ? text.length : units[best.e].end;
  const value = (from > 0 ? ellipsis : '') + render(text, from, to, spans, pre, post) + (to < text.length ? ellipsis : '');
  return {value, matchLevel};
}
