/* global Crawler */
// Algolia DocSearch crawler configuration (paste into the crawler editor, replacing the host and credentials), for sites
// that let Algolia's hosted crawler index them instead of pushing records with `npm run search:push`.
// It writes the records our own extractor writes (plugins/search/extract.ts): the same pages, the same lvl0 rule, H1–H6
// as lvl1–lvl6 and paragraphs, list items and table cells as content, with code blocks, the table of contents, hash links
// and admonition titles left out; and the same index settings (src/search/types.ts INDEX_SETTINGS, checked by
// tests/unit/search-extract.spec.ts). Records differ only where the crawler's helper works differently (it aggregates
// content per heading and keeps table cells apart).
new Crawler({
  appId: 'YOUR_APP_ID',
  apiKey: 'YOUR_CRAWLER_API_KEY',
  rateLimit: 8,
  maxDepth: 10,
  startUrls: ['https://docs.example.com/docs/', 'https://docs.example.com/markdown-page'],
  sitemaps: ['https://docs.example.com/sitemap.xml'],
  discoveryPatterns: ['https://docs.example.com/**'],
  exclusionPatterns: [
    'https://docs.example.com/search',
    'https://docs.example.com/search/**',
    'https://docs.example.com/404.html',
    'https://docs.example.com/downloads/**',
  ],
  ignoreCanonicalTo: true,
  actions: [
    {
      indexName: 'lingchuan-docs',
      pathsToMatch: ['https://docs.example.com/**'],
      recordExtractor: ({$, helpers}) => {
        // Not indexed: redirects (the /docs landing), noindex pages (unlisted, search), pages without an article title,
        // static HTML files that are not Docusaurus pages.
        if ($('meta[http-equiv="refresh" i]').length) return [];
        if (/noindex/i.test(`${$('meta[name="robots"]').attr('content')} ${$('meta[property="robots"]').attr('content')}`))
          return [];
        if (!$('article h1').length || !/^Docusaurus/.test($('meta[name="generator"]').attr('content') || '')) return [];

        // lvl0: the deepest active sidebar category, else the active navbar item, else the last category of the area
        // breadcrumbs (areas without a sidebar), else 文档.
        const category = $('.theme-doc-sidebar-menu .menu__link--sublist.menu__link--active').last().text().trim();
        const navbar = $('.navbar__item.navbar__link--active').last().text().trim();
        const crumbs = $('[data-area-breadcrumbs] .breadcrumbs__item:not(:first-child):not(.breadcrumbs__item--active)')
          .map((_, el) => $(el).text().trim())
          .get()
          .filter(Boolean);
        const lvl0 = category || navbar || crumbs[crumbs.length - 1] || '文档';

        $(
          'article pre, article .theme-code-block, article .hash-link, article .theme-doc-toc-mobile, article nav, ' +
            'article [class*="admonitionHeading_"], article [role="tablist"], article .theme-doc-footer',
        ).remove();

        // The page's keywords (front matter), on its title record, as plugins/search/extract.ts gives them.
        const keywords = ($('meta[name="keywords"]').attr('content') || '')
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean);
        const records = helpers.docsearch({
          recordProps: {
            lvl0: {selectors: '', defaultValue: lvl0},
            lvl1: ['article header h1', 'article h1'],
            lvl2: 'article h2',
            lvl3: 'article h3',
            lvl4: 'article h4',
            lvl5: 'article h5',
            lvl6: 'article h6',
            content: 'article p, article li, article td, article th, article dt, article dd',
          },
          // `language` and `docusaurus_tag` come from the pages' <meta name="docsearch:…"> tags, which the helper reads.
          indexHeadings: true,
          aggregateContent: true,
          recordVersion: 'v3',
        });
        return Array.isArray(records) && keywords.length
          ? records.map((r) => (r.type === 'lvl1' ? {...r, keywords} : r))
          : records;
      },
    },
  ],
  initialIndexSettings: {
    'lingchuan-docs': {
      searchableAttributes: [
        'unordered(hierarchy.lvl0)',
        'unordered(hierarchy.lvl1)',
        'unordered(keywords)',
        'unordered(hierarchy.lvl2)',
        'unordered(hierarchy.lvl3)',
        'unordered(hierarchy.lvl4)',
        'unordered(hierarchy.lvl5)',
        'unordered(hierarchy.lvl6)',
        'content',
      ],
      attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
      attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
      attributesToHighlight: ['hierarchy', 'content'],
      attributesToSnippet: ['content:10'],
      camelCaseAttributes: ['hierarchy', 'content'],
      attributeForDistinct: 'url_without_anchor',
      distinct: 3,
      customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
      ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
      highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
      highlightPostTag: '</span>',
      minWordSizefor1Typo: 3,
      minWordSizefor2Typos: 7,
      allowTyposOnNumericTokens: false,
      minProximity: 1,
      ignorePlurals: true,
      advancedSyntax: true,
      attributeCriteriaComputedByMinProximity: true,
      removeWordsIfNoResults: 'allOptional',
      separatorsToIndex: '_',
      hitsPerPage: 20,
    },
  },
});
