// The learned re-ranker of long questions. A reader who types a whole sentence (「网关的网页打不开 一直转圈 ip能ping通」)
// brings words the answering page does not hold and words every page holds; the hand-made order (words held, then score)
// puts a page that shares the frequent words above the one that answers. For a query of RERANK_MIN_WORDS words or more,
// the first RERANK_DEPTH distinct pages are ordered again by a linear model over what the engine already knows of each
// (its rank, the words it holds, its score against the best, the kind of record and page, how many of its records match)
// and the query's own markers (a symptom, a capability question, an identifier) crossed with the page's kind (a FAQ answers
// symptoms, a reference page identifiers).
//
// The weights (rerank-weights.json) are learned by `npm run search:train` (scripts/search-train.ts) from the tuning half of
// the evaluation set and the regression sets (tests/search/README.md): listwise, a softmax over each question's pages,
// plain gradient descent with L2 from zero, so the same build gives the same weights. Nothing here reads the page text.

/** Queries of at least this many words are re-ranked (shorter ones are titles and identifiers: the engine's order holds). */
export const RERANK_MIN_WORDS = 5;
/** Distinct pages re-ranked: the rest keep their order below them. */
export const RERANK_DEPTH = 20;
/** Page kinds of the page plan (docs-guide/ia.tsv) the model knows; any other kind has none of these features. */
export const RERANK_KINDS = ['reference', 'guide', 'tutorial', 'release', 'concept', 'faq'] as const;

/** What the query says about itself: something goes wrong, can it …, an identifier or a code. */
const SYMPTOM = /报错|报|失败|不了|不上|一直|没有|没反应|怎么办|错误|异常|乱码|不到|不动|卡|断|超时|掉/;
const CAPABILITY = /能不能|可以|支持|能否|能.*吗|有没有|最多|上限/;
const IDENTIFIER = /[A-Za-z]{3,}|\d{3,}/;

/** One page as the engine ranked it (its best record). */
export interface RerankCandidate {
  /** Query words the record holds (the engine's words criterion). */
  words: number;
  /** Its score (BM25 with the engine's bonuses). */
  score: number;
  /** Field flags of its postings: IN_OWN (1), IN_TITLE (2). */
  flags: number;
  /** A product the query names is this page's product. */
  named: boolean;
  /** Record type: 0 content, 1 the page title, 2–6 a heading. */
  type: number;
  /** Records of its page among the matches. */
  records: number;
  /** The page's kind (docs-guide/ia.tsv), '' when unknown. */
  kind: string;
}

/** The feature vector of each candidate (in rank order) of a query of `totalWords` words. */
export function rerankFeatures(query: string, totalWords: number, cands: RerankCandidate[]): number[][] {
  const maxWords = Math.max(...cands.map((c) => c.words));
  const maxScore = Math.log(Math.max(...cands.map((c) => c.score), 1e-3));
  const marks = [SYMPTOM.test(query), CAPABILITY.test(query), IDENTIFIER.test(query)];
  const words = Math.max(totalWords, 1);
  return cands.map((c, i) => {
    const kind = RERANK_KINDS.map((k) => (c.kind === k ? 1 : 0));
    return [
      Math.log(i + 1),
      c.words / words,
      c.words - maxWords,
      Math.log(Math.max(c.score, 1e-3)) - maxScore,
      c.type === 1 ? 1 : 0,
      c.type > 1 ? 1 : 0,
      c.flags & 1,
      (c.flags >> 1) & 1,
      Math.log(c.records),
      c.named ? 1 : 0,
      ...kind,
      ...marks.flatMap((m) => kind.map((k) => (m ? k : 0))),
    ];
  });
}

/** The model's score of each feature vector. */
export function rerankScores(features: number[][], weights: readonly number[]): number[] {
  if (features.length && features[0].length !== weights.length)
    throw new Error(`search re-ranker: ${features[0].length} features, ${weights.length} weights`);
  return features.map((f) => f.reduce((s, x, k) => s + x * weights[k], 0));
}

/**
 * The list with its first RERANK_DEPTH entries in the model's order (a stable sort: ties keep the engine's order), or the
 * list as it is when the query is short or there are no weights.
 */
export function rerank<T>(
  list: T[],
  query: string,
  totalWords: number,
  describe: (item: T) => RerankCandidate,
  weights: readonly number[] | null,
): T[] {
  if (!weights?.length || totalWords < RERANK_MIN_WORDS || list.length < 2) return list;
  const head = list.slice(0, RERANK_DEPTH);
  const scores = rerankScores(rerankFeatures(query, totalWords, head.map(describe)), weights);
  const order = head.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  return [...order.map((i) => head[i]), ...list.slice(RERANK_DEPTH)];
}
