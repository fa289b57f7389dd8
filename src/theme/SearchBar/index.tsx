// Ejected from @docusaurus/theme-search-algolia 3.8.1, src/theme/SearchBar/index.tsx, and largely rewritten: lines marked
// OURS are not upstream. Kept from upstream: the DocSearch modal props (navigator, hit component, transformItems, the
// contextual facet filters, the "see all results" footer). On a Docusaurus upgrade: diff the props DocSearch receives.
// Our SearchBar: the DocSearch button and modal in both search modes. In offline mode the modal asks the local index
// (src/search) instead of Algolia and the page opens no connection to the provider (the theme's bar always preconnects).
// The button and its shortcuts are ours, so the DocSearch library loads only when a reader starts to search.
import React, {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import type {DocSearchModalProps, InternalDocSearchHit, StoredDocSearchHit} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {useAlgoliaContextualFacetFilters, useSearchResultUrlProcessor} from '@docusaurus/theme-search-algolia/client';
import translations from '@theme/SearchTranslations';
import {mergeFacetFilters, type FacetFilters} from '@site/src/search/facets';
import {DEV_SERVER, DevIndexNotice} from '@site/src/search/dev-notice';
import {answerFailures, lastSearchFailure, useSearchFailure, type SearchFailure} from '@site/src/search/failure';
import {HttpErrorHelp} from '@site/src/search/FailureText';
import {siteSearchMode} from '@site/src/shared/search-mode';

type SearchClient = {addAlgoliaAgent: (segment: string, version?: string) => void; search: (arg: unknown) => Promise<unknown>};

type AlgoliaConfig = {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch?: boolean;
  externalUrlRegex?: string;
  searchParameters?: Record<string, unknown> & {facetFilters?: FacetFilters};
  searchPagePath?: string | false | null;
};

type Modal = React.ComponentType<DocSearchModalProps>;
let LoadedModal: Modal | null = null;
// OURS: the modal and, offline, our client load on first use (upstream imports DocSearch with the page).
let offlineClient: (() => SearchClient) | null = null;

/** Loads the modal (and, offline, the local search client) on first use, never with the page. */
function loadModal(offline: boolean): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  if (!LoadedModal) {
    jobs.push(
      Promise.all([import('@docsearch/react'), import('@docsearch/react/style')]).then(([mod]) => {
        LoadedModal = mod.DocSearchModal as Modal;
      }),
    );
  }
  if (offline && !offlineClient) {
    jobs.push(
      import('@site/src/search/client').then((mod) => {
        offlineClient = mod.getOfflineClient;
      }),
    );
  }
  return Promise.all(jobs).then(() => undefined);
}

/** Typing into a field keeps its keys: "/" opens search only outside inputs. */
function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName));
}

/** The spec's shortcuts: Ctrl/Cmd+K toggles, "/" opens (not in a field), Escape closes; Ctrl/Cmd+F stays the browser's. */
// OURS: our own button and shortcuts (Ctrl/⌘+K, /), so that no DocSearch code loads before a reader searches.
function useSearchShortcuts(
  isOpen: boolean,
  open: () => void,
  close: () => void,
  onType: (event: KeyboardEvent) => void,
  buttonRef: React.RefObject<HTMLButtonElement | null>,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const key = event.key?.toLowerCase();
      if ((event.key === 'Escape' && isOpen) || (key === 'k' && (event.metaKey || event.ctrlKey))) {
        event.preventDefault();
        if (isOpen) close();
        else if (!document.body.classList.contains('DocSearch--active')) open();
        return;
      }
      if (event.key === '/' && !isOpen && !isEditable(event.target)) {
        event.preventDefault();
        open();
        return;
      }
      if (buttonRef.current === document.activeElement && /^[a-z0-9]$/i.test(event.key)) onType(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, open, close, onType, buttonRef]);
}

/** The DocSearch button's markup and classes (styled by DocSearch's CSS), without loading the library. */
const SearchButton = React.forwardRef<
  HTMLButtonElement,
  React.ButtonHTMLAttributes<HTMLButtonElement> & {label: string; ariaLabel: string}
>(function SearchButton({label, ariaLabel, ...props}, ref) {
  return (
    <button type="button" className="DocSearch DocSearch-Button" aria-label={ariaLabel} ref={ref} {...props}>
      <span className="DocSearch-Button-Container">
        <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
            stroke="currentColor"
            fill="none"
            fillRule="evenodd"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="DocSearch-Button-Placeholder">{label}</span>
      </span>
    </button>
  );
});

/** 「请告知我们。」 on the no-results screen: a mail to support with the query. */
const missingResultsUrl = ({query}: {query: string}) =>
  `mailto:support@example.com?subject=${encodeURIComponent(
    translate({id: 'search.missingResults.subject', message: '文档搜索没有结果：{query}'}, {query}),
  )}`;

function SeeAllResults({query, count, onClose}: {query: string; count: number; onClose: () => void}) {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

function HitLink({hit, children}: {hit: InternalDocSearchHit | StoredDocSearchHit; children: React.ReactNode}) {
  return <Link to={hit.url}>{children}</Link>;
}

export default function SearchBar(): React.ReactElement {
  const {siteConfig, siteMetadata} = useDocusaurusContext();
  const config = siteConfig.themeConfig.algolia as AlgoliaConfig;
  const offline = siteSearchMode(siteConfig.customFields) === 'offline';
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const contextualFilters = useAlgoliaContextualFacetFilters() as FacetFilters;

  const [isOpen, setIsOpen] = useState(false);
  // OURS: the error screen, from the search client's record (DocSearch's own never shows). A failure from before the
  // modal opened (an earlier session of the modal, or the search page's) is not this one's.
  const failure = useSearchFailure();
  const [failureAtOpen, setFailureAtOpen] = useState<SearchFailure | null>(null);
  const failed = isOpen && failure !== failureAtOpen ? failure?.kind : undefined;
  const [dropdown, setDropdown] = useState<Element | null>(null);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const container = useRef<HTMLDivElement | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const searchParameters = useMemo(() => {
    const configured = config.searchParameters?.facetFilters ?? [];
    return {
      ...config.searchParameters,
      facetFilters: config.contextualSearch ? mergeFacetFilters(contextualFilters, configured) : configured,
    };
  }, [config.contextualSearch, config.searchParameters, contextualFilters]);

  const open = useCallback(() => {
    if (!container.current) {
      container.current = document.createElement('div');
      document.body.insertBefore(container.current, document.body.firstChild);
    }
    void loadModal(offline).then(() => {
      setFailureAtOpen(lastSearchFailure());
      setIsOpen(true);
    });
  }, [offline]);

  const close = useCallback(() => {
    setIsOpen(false);
    setInitialQuery(undefined);
    buttonRef.current?.focus();
  }, []);

  const onInput = useCallback(
    (event: KeyboardEvent) => {
      // Ctrl/Cmd+F stays the browser's find.
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) return;
      event.preventDefault();
      setInitialQuery(event.key);
      open();
    },
    [open],
  );

  useSearchShortcuts(isOpen, open, close, onInput, buttonRef);

  const navigator = useMemo(
    () => ({
      navigate({itemUrl}: {itemUrl: string}) {
        if (isRegexpStringMatch(config.externalUrlRegex, itemUrl)) window.location.href = itemUrl;
        else history.push(itemUrl);
      },
    }),
    [config.externalUrlRegex, history],
  );

  const transformItems = useCallback(
    (items: DocSearchModalProps['transformItems'] extends ((i: infer I) => unknown) | undefined ? I : never) =>
      items.map((item) => ({...item, url: processUrl(item.url)})),
    [processUrl],
  );

  const transformSearchClient = useCallback(
    (client: SearchClient) => {
      // OURS: the offline client records its failures itself; Algolia's is given the same record.
      if (offline && offlineClient) return offlineClient();
      client.addAlgoliaAgent('docusaurus', siteMetadata.docusaurusVersion);
      return answerFailures(client);
    },
    [offline, siteMetadata.docusaurusVersion],
  );

  const [footer, setFooter] = useState<Element | null>(null);
  useEffect(() => {
    const el = isOpen ? (container.current?.querySelector('.DocSearch-Dropdown') ?? null) : null;
    container.current?.classList.toggle('lc-search--failed', !!failed);
    container.current?.classList.toggle('lc-search--offline', offline);
    setDropdown(el);
    setFooter(isOpen && offline ? (container.current?.querySelector('.DocSearch-Footer') ?? null) : null);
  }, [isOpen, failed, offline]);

  const resultsFooterComponent = useMemo(
    () =>
      config.searchPagePath
        ? ({state}: {state: {query: string; context: {nbHits?: unknown}}}) => (
            <SeeAllResults query={state.query} count={Number(state.context.nbHits ?? 0)} onClose={close} />
          )
        : undefined,
    [config.searchPagePath, close],
  );

  const ModalComponent = LoadedModal;
  const errorText = translations.modal?.errorScreen ?? {};
  return (
    <>
      {!offline && (
        <Head>
          <link rel="preconnect" href={`https://${config.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      <SearchButton
        ref={buttonRef}
        label={translations.button?.buttonText ?? '搜索'}
        ariaLabel={`${translations.button?.buttonAriaLabel ?? '搜索'} (Ctrl+K)`}
        onClick={open}
        onFocus={() => void loadModal(offline)}
        onMouseOver={() => void loadModal(offline)}
        onTouchStart={() => void loadModal(offline)}
      />
      {isOpen &&
        ModalComponent &&
        container.current &&
        createPortal(
          <ModalComponent
            appId={config.appId}
            apiKey={config.apiKey}
            indexName={config.indexName}
            placeholder={translations.placeholder}
            translations={translations.modal}
            initialQuery={initialQuery}
            initialScrollY={window.scrollY}
            onClose={close}
            navigator={navigator}
            hitComponent={HitLink}
            transformItems={transformItems}
            transformSearchClient={transformSearchClient as unknown as DocSearchModalProps['transformSearchClient']}
            searchParameters={searchParameters}
            getMissingResultsUrl={missingResultsUrl}
            {...(resultsFooterComponent
              ? {resultsFooterComponent: resultsFooterComponent as DocSearchModalProps['resultsFooterComponent']}
              : {})}
          />,
          container.current,
        )}
      {/* OURS: offline, a line saying search runs locally replaces the provider logo. */}
      {footer &&
        createPortal(
          <p className="lc-search-local" data-search-local>
            <Translate id="search.offline.footer">离线搜索：在浏览器中检索本站，不向外发送查询</Translate>
          </p>,
          footer,
        )}
      {failed &&
        dropdown &&
        createPortal(
          // OURS: under the dev server there is no offline index: say so instead of the network error.
          offline && DEV_SERVER ? (
            <DevIndexNotice className="DocSearch-ErrorScreen" />
          ) : (
            <div className="DocSearch-ErrorScreen" role="alert">
              <p className="DocSearch-Title">{errorText.titleText ?? '无法获取结果'}</p>
              <p className="DocSearch-Help" data-search-error-kind={failed}>
                {failed === 'http' ? <HttpErrorHelp /> : (errorText.helpText ?? '')}
              </p>
            </div>
          ),
          dropdown,
        )}
    </>
  );
}
