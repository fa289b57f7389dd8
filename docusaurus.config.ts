import {execFileSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {themes as prismThemes} from 'prism-react-renderer';
import {accessibleTheme, blend} from './src/prism/contrast';
import codeInclude from './plugins/code-include';
import docsLanding from './plugins/docs-landing';
import downloads from './plugins/downloads';
import areaNav from './plugins/area-nav';
import search from './plugins/search';
import markdownExport from './plugins/markdown-export';
import manuals from './plugins/manuals';
import prismOnDemand from './plugins/prism';
import leanDocs from './plugins/docs-lean';
import errorCodes from './plugins/error-codes';
import tableScroll from './plugins/table-scroll';
import bundlerCache from './plugins/bundler-cache';
import readerValues from './plugins/reader-values';
import versions from './plugins/versions';
import {remarkUpgradePaths, remarkVersionBadges} from './plugins/versions/mark';
import markReaderValues from './plugins/reader-values/mark';
import {AREAS, PRODUCT_LINES} from './src/areas';
import {searchModeFromEnv} from './src/shared/search-mode';
import {parseFrontMatterWithGitDate} from './plugins/lib/git-dates';

// ---------------------------------------------------------------------------------------------------------------------
// Environment flags (all optional). See README § Configuration.
// ---------------------------------------------------------------------------------------------------------------------
const env = process.env;
/** Public origin of the deployed site, used for canonical URLs and the sitemap. */
const SITE_URL = env.SITE_URL || 'https://docs.example.com';
// `npm run build` says once when SITE_URL is not set (scripts/build.ts): this file is loaded more than once per build.
/** `webpack` builds with the classic webpack bundler instead of Rspack (used by the benchmark only). */
const USE_RSPACK = env.DOCS_BUNDLER !== 'webpack';
/** Algolia DocSearch: with an application id and a search key the site searches Algolia; without, the local index. */
const ALGOLIA = {
  appId: env.ALGOLIA_APP_ID || '',
  apiKey: env.ALGOLIA_SEARCH_API_KEY || '',
  indexName: env.ALGOLIA_INDEX_NAME || 'lingchuan-docs',
  externalUrlRegex: env.ALGOLIA_EXTERNAL_URL_REGEX || undefined,
  replaceFrom: env.ALGOLIA_REPLACE_PATH_FROM || '',
  replaceTo: env.ALGOLIA_REPLACE_PATH_TO || '',
};
/** Edit base of the repository (e.g. https://git.example.com/docs/edit/main/): set, each doc page links 「编辑此页」. */
const EDIT_URL = env.EDIT_URL || undefined;
/** 「最后更新」 comes from git history; a build from a tarball (no .git) leaves the date out instead of failing. */
const IN_GIT = (() => {
  try {
    return (
      execFileSync('git', ['rev-parse', '--is-inside-work-tree'], {cwd: __dirname, stdio: ['ignore', 'pipe', 'ignore']})
        .toString()
        .trim() === 'true'
    );
  } catch {
    return false;
  }
})();
/** A file's content hash, for the service worker's precache list. */
const fileRevision = (file: string) =>
  createHash('md5')
    .update(readFileSync(`${__dirname}/${file}`))
    .digest('hex');
const SEARCH_MODE = searchModeFromEnv(env);

const config: Config = {
  title: '凌川科技文档中心',
  tagline: '工业物联网产品文档：流程图控制、HMI 组态、边缘计算与工业云平台',
  favicon: 'img/favicon.svg',
  url: SITE_URL,
  baseUrl: '/',
  trailingSlash: undefined,

  future: {
    // Rspack's SSG worker threads need the v4 head-attribute behaviour. CSS cascade layers stay off: their polyfill for
    // our browser targets ranks Infima above src/css/custom.css, so the site's colours (and contrast) were lost.
    v4: {removeLegacyPostBuildHeadAttribute: true, useCssCascadeLayers: false},
    experimental_faster: USE_RSPACK,
  },

  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'zh-Hans',
    locales: ['zh-Hans'],
    localeConfigs: {
      'zh-Hans': {label: '简体中文', direction: 'ltr', htmlLang: 'zh-Hans'},
    },
  },

  customFields: {
    searchMode: SEARCH_MODE,
  },

  presets: [
    [
      'classic',
      {
        // The docs plugin is added below, wrapped (plugins/docs-lean).
        docs: false,
        blog: false,
        pages: {
          remarkPlugins: [codeInclude],
        },
        theme: {
          customCss: './src/css/custom.css',
        },
        sitemap: {
          changefreq: 'weekly',
          priority: 0.5,
          ignorePatterns: ['/search', '/markdown-page'],
        },
      } satisfies Preset.Options,
    ],
  ],

  markdown: {
    // 「最后更新」 dates from one git history walk instead of one git call per page (plugins/lib/git-dates.ts).
    parseFrontMatter: parseFrontMatterWithGitDate,
  },

  plugins: [
    [
      leanDocs,
      {
        routeBasePath: 'docs',
        sidebarPath: './sidebars.ts',
        breadcrumbs: true,
        // 「最后更新」 from git at build time (CI and deployment check out full history; without git the date is left out).
        showLastUpdateTime: IN_GIT,
        editUrl: EDIT_URL,
        // <ErrorCodes api="…" /> → the table from docs-guide/error-codes.yaml, before Docusaurus resolves the page's links.
        // <UpgradePath product="…" /> → the product's upgrade path from docs-guide/versions.yaml (plugins/versions).
        beforeDefaultRemarkPlugins: [errorCodes, remarkUpgradePaths],
        // Code that holds a plant identity of 「我的环境」 is marked for the browser (plugins/reader-values), after the
        // included files are in; the version registry's badges go after their headings (plugins/versions).
        remarkPlugins: [codeInclude, markReaderValues, remarkVersionBadges],
        // Every table in a named, keyboard-reachable scroll region (tokens never break; wide tables scroll inside it).
        rehypePlugins: [tableScroll],
      },
    ],
    docsLanding,
    // 「我的环境」: the reader's own values in code (fields from docs-guide/reference-plant.yaml readerValues).
    readerValues,
    // Versions from one source (docs-guide/versions.yaml): the products' versions for the reader's choice.
    versions,
    // The build's bundler cache beside ours, trusted or set aside together (scripts/lib/build-caches.ts).
    bundlerCache,
    downloads,
    areaNav,
    // Before search and the Markdown export: its post-build step writes the manuals first, so that scripts/build.ts
    // starts printing their PDFs while those two run (and they read the pages it parsed, plugins/lib/built-html).
    manuals,
    search,
    markdownExport,
    prismOnDemand,
    // Offline reading (installed app, standalone, or ?offlineMode=true): a service worker precaches every docs page, its
    // JavaScript and CSS and the offline search index; an update shows the plugin's reload prompt. See README § Offline.
    [
      '@docusaurus/plugin-pwa',
      {
        offlineModeActivationStrategies: ['appInstalled', 'standalone', 'queryString'],
        // Absolute: the plugin resolves a relative path against its own folder.
        swRegister: `${__dirname}/src/pwa/register.ts`,
        injectManifestConfig: {
          // What has another way offline or is large stays out: the manuals (their PDFs), the Markdown exports, the
          // downloads. Everything else the site is made of is in (pages, assets, images, fonts, search files).
          // 404.html is nginx's internal error page (never served at its own URL).
          globIgnores: ['manuals/**', 'downloads/**', '**/*.md', 'llms*.txt', '**/*.{gz,br}', 'sw.js', '404.html'],
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
          // The plugin's patterns do not match .webmanifest: the manifest goes in by name, revised by its content.
          additionalManifestEntries: [{url: 'manifest.webmanifest', revision: fileRevision('static/manifest.webmanifest')}],
        },
        pwaHead: [
          {tagName: 'link', rel: 'manifest', href: '/manifest.webmanifest'},
          {tagName: 'meta', name: 'theme-color', content: '#0b5cad'},
          {tagName: 'link', rel: 'apple-touch-icon', href: '/img/pwa/icon-192.png'},
        ],
      },
    ],
  ] as Config['plugins'],

  clientModules: ['./src/zoom/client.ts', './src/prefetch/client.ts'],

  themeConfig: {
    metadata: [{name: 'keywords', content: '凌川科技, 工业物联网, Neptune, Janus, Triton, HMI, 流程图控制, 文档'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'neptune-v2-9',
      content:
        'Neptune v2.9 已发布：告警处理与统计、设备连接频率保护，并停用 TLS 1.0/1.1。<a href="/docs/neptune/versions/v2.9">查看版本说明</a>',
      backgroundColor: '#0b4f8a',
      textColor: '#ffffff',
      isCloseable: true,
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: false},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: '凌川科技文档中心',
      hideOnScroll: false,
      logo: {alt: '凌川科技', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 32, height: 32},
      items: [
        // The product lines, from the area registry (src/areas.ts).
        ...PRODUCT_LINES.map((a) => ({
          to: a.entry,
          label: a.navLabel!,
          position: 'left' as const,
          activeBasePath: `docs/${a.dir}`,
        })),
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      logo: {
        alt: '凌川科技',
        src: 'img/logo-footer.svg',
        srcDark: 'img/logo-footer.svg',
        width: 160,
        height: 40,
        href: '/',
      },
      links: [
        {
          title: '产品文档',
          items: AREAS.filter((a) => a.footer === 'products').map((a) => ({label: a.name, to: a.entry})),
        },
        {
          title: '开发与集成',
          items: [
            ...AREAS.filter((a) => a.footer === 'developers').map((a) => ({label: a.footerLabel ?? a.name, to: a.entry})),
            {label: 'Neptune API', to: '/docs/neptune/api/introduction'},
            {label: 'Janus API', to: '/docs/janus/api/introduction'},
          ],
        },
        {
          title: '支持',
          items: [
            ...AREAS.filter((a) => a.footer === 'support').map((a) => ({label: a.footerLabel ?? a.name, to: a.entry})),
            {label: 'Neptune 常见问题', to: '/docs/neptune/user/faq'},
            {label: '关于本文档中心', to: '/markdown-page'},
            {label: '技术支持邮箱', href: 'mailto:support@example.com'},
          ],
        },
      ],
      copyright: '版权所有 © 2008-2025 凌川科技有限公司',
    },
    prism: {
      // Tokens keep 4.5:1 on the code background and on highlighted lines (--docusaurus-highlighted-code-line-bg).
      theme: accessibleTheme(prismThemes.github, [blend('#0b5cad', 0.12, String(prismThemes.github.plain.backgroundColor))]),
      darkTheme: accessibleTheme(prismThemes.dracula, [
        blend('#000000', 0.35, String(prismThemes.dracula.plain.backgroundColor)),
      ]),
      additionalLanguages: [
        'bash',
        'go',
        'ini',
        'properties',
        'shell-session',
        'toml',
        'java',
        'http',
        'powershell',
        'nginx',
        'sql',
      ],
      magicComments: [
        {
          className: 'theme-code-block-highlighted-line',
          line: 'highlight-next-line',
          block: {start: 'highlight-start', end: 'highlight-end'},
        },
      ],
    },
    algolia: {
      appId: ALGOLIA.appId || 'offline',
      apiKey: ALGOLIA.apiKey || 'offline',
      indexName: ALGOLIA.indexName,
      contextualSearch: true,
      searchParameters: {analyticsTags: ['docs-site']},
      searchPagePath: 'search',
      ...(ALGOLIA.externalUrlRegex ? {externalUrlRegex: ALGOLIA.externalUrlRegex} : {}),
      ...(ALGOLIA.replaceFrom ? {replaceSearchResultPathname: {from: ALGOLIA.replaceFrom, to: ALGOLIA.replaceTo}} : {}),
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
