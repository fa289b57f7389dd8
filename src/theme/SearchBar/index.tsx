// Our SearchBar: the DocSearch button and modal in both search modes. In offline mode the modal asks the local index
// (src/search) instead of Algolia and the page opens no connection to the provider (the theme's bar always preconnects).
import React, {useCallback, useMemo, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton, useDocSearchKeyboardEvents} from '@docsearch/react';
import type {DocSearchModalProps, InternalDocSearchHit, StoredDocSearchHit} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
} from '@docusaurus/theme-search-algolia/client';
import translations from '@theme/SearchTranslations';
import {mergeFacetFilters, type FacetFilters} from '@site/src/search/facets';

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
let offlineClientFactory: ((client: unknown) => unknown) | null = null;

/** Loads the modal (and, offline, the local search client) on first use, never with the page. */
function loadModal(offline: boolean): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  if (!LoadedModal) {
    jobs.push(
      Promise.all([import('@docsearch/react/modal'), import('@docsearch/react/style')]).then(([mod]) => {
        LoadedModal = mod.DocSearchModal as Modal;
      }),
    );
  }
  if (offline && !offlineClientFactory) {
    jobs.push(
      import('@site/src/search/client').then((mod) => {
        offlineClientFactory = () => mod.getOfflineClient();
      }),
    );
  }
  return Promise.all(jobs).then(() => undefined);
}

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
  const offline = siteConfig.customFields?.searchMode !== 'algolia';
  const history = useHistory();
  const processUrl = useSearchResultUrlProcessor();
  const contextualFilters = useAlgoliaContextualFacetFilters() as FacetFilters;

  const [isOpen, setIsOpen] = useState(false);
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
    void loadModal(offline).then(() => setIsOpen(true));
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

  useDocSearchKeyboardEvents({isOpen, onOpen: open, onClose: close, onInput, searchButtonRef: buttonRef});

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
    (client: {addAlgoliaAgent: (segment: string, version?: string) => void}) => {
      if (offline && offlineClientFactory) return offlineClientFactory(client) as typeof client;
      client.addAlgoliaAgent('docusaurus', siteMetadata.docusaurusVersion);
      return client;
    },
    [offline, siteMetadata.docusaurusVersion],
  );

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
  return (
    <>
      {!offline && (
        <Head>
          <link rel="preconnect" href={`https://${config.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}
      <DocSearchButton
        ref={buttonRef}
        onClick={open}
        onFocus={() => void loadModal(offline)}
        onMouseOver={() => void loadModal(offline)}
        onTouchStart={() => void loadModal(offline)}
        translations={translations.button}
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
            {...(resultsFooterComponent ? {resultsFooterComponent: resultsFooterComponent as DocSearchModalProps['resultsFooterComponent']} : {})}
          />,
          container.current,
        )}
    </>
  );
}
