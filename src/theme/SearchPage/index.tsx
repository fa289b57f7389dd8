// Wraps the search page. It hydrates in place: while React hydrates, the page sees the URL without its query string
// (the static HTML was rendered without ?q=), then the real one, as an ordinary update that runs the search. Offline, it
// says when the index cannot be fetched (the page would only show "no results"); plugins/search hides the Algolia logo.
import React, {useEffect, useMemo, useState} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {createPortal} from 'react-dom';
import {useHistory} from '@docusaurus/router';
import * as ReactRouter from 'react-router';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPage from '@theme-original/SearchPage';
import translations from '@theme/SearchTranslations';
import {DEV_SERVER, DevIndexNotice} from '@site/src/search/dev-notice';
import {lastSearchFailure, useSearchFailure} from '@site/src/search/failure';
import {HttpErrorHelp} from '@site/src/search/FailureText';
import {siteSearchMode} from '@site/src/shared/search-mode';

type History = ReturnType<typeof useHistory>;
/** The context `useHistory()` reads: react-router 5 exports it, its types do not. */
const HistoryContext = (ReactRouter as unknown as {__HistoryContext: React.Context<History>}).__HistoryContext;

/**
 * The router's history as the static HTML saw it while the page hydrates (no query string), the real one afterwards.
 * The search page reads `?q=` from the history while rendering; without this, hydration would meet another title and
 * field value than the static HTML's and React would rebuild the whole page.
 */
function HistoryAsRendered({children}: {children: React.ReactNode}): React.ReactElement {
  const history = useHistory();
  const isBrowser = useIsBrowser();
  const asRendered = useMemo(
    () => Object.create(history, {location: {get: () => ({...history.location, search: ''})}}) as History,
    [history],
  );
  return <HistoryContext.Provider value={isBrowser ? history : asRendered}>{children}</HistoryContext.Provider>;
}

function OfflineAvailability(): React.ReactElement | null {
  // The page's searches go through the offline client (`algoliasearch/lite`), which records whether the last one failed.
  // A failure from before the page opened (the modal's, before a client-side visit) is not this page's.
  const failure = useSearchFailure();
  const [before] = useState(lastSearchFailure);
  const failed = failure !== before ? failure?.kind : undefined;
  // The notice goes right under the page's search form, which the original page renders.
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // The original page says 「未找到任何结果」 under a failed search too: hidden while the error shows (offline.css).
    document.documentElement.classList.toggle('lc-search-failed', !!failed);
    const form = failed ? document.querySelector('.main-wrapper form') : null;
    if (!form) return () => document.documentElement.classList.remove('lc-search-failed');
    const div = document.createElement('div');
    form.after(div);
    setHost(div);
    return () => {
      document.documentElement.classList.remove('lc-search-failed');
      div.remove();
      setHost(null);
    };
  }, [failed]);
  if (!failed || !host) return null;
  if (DEV_SERVER) return createPortal(<DevIndexNotice className="alert alert--info margin-bottom--md" />, host);
  const {titleText = '无法获取结果', helpText = ''} = translations.modal?.errorScreen ?? {};
  return createPortal(
    <div className="alert alert--danger margin-bottom--md" role="alert" data-search-error>
      <strong>{titleText}</strong> <span data-search-error-kind={failed}>{failed === 'http' ? <HttpErrorHelp /> : helpText}</span>
    </div>,
    host,
  );
}

export default function SearchPageWrapper(): React.ReactElement {
  const {siteConfig} = useDocusaurusContext();
  const offline = siteSearchMode(siteConfig.customFields) === 'offline';
  return (
    <>
      <Head>
        <meta
          name="description"
          content={translate({
            id: 'search.page.metaDescription',
            message: '搜索凌川科技产品文档：指南、API 参考与版本说明。',
          })}
        />
      </Head>
      <noscript>
        <div className="alert alert--warning text--center">
          <Translate id="search.page.noscript">搜索需要浏览器启用 JavaScript。</Translate>
        </div>
      </noscript>
      {offline && <OfflineAvailability />}
      <HistoryAsRendered>
        <SearchPage />
      </HistoryAsRendered>
    </>
  );
}
