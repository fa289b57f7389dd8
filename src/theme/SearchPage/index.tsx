// Wraps the search page: it reads ?q= while rendering, which the static HTML cannot know, so it renders after hydration;
// offline, it says when the index cannot be fetched (the page would only show "no results") and drops the Algolia logo.
import React, {useEffect, useState} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import {createPortal} from 'react-dom';
import BrowserOnly from '@docusaurus/BrowserOnly';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import SearchPage from '@theme-original/SearchPage';
import translations from '@theme/SearchTranslations';
import {DEV_SERVER, DevIndexNotice} from '@site/src/search/dev-notice';

function Shell(): React.ReactElement {
  return (
    <Layout
      title={translate({id: 'search.page.title', message: '搜索文档'})}
      description={translate({id: 'search.page.description', message: '搜索凌川科技产品文档'})}>
      <main className="container margin-vert--lg">
        <h1>
          <Translate id="search.page.title">搜索文档</Translate>
        </h1>
        <noscript>
          <p>
            <Translate id="search.page.noscript">搜索需要浏览器启用 JavaScript。</Translate>
          </p>
        </noscript>
      </main>
    </Layout>
  );
}

function OfflineAvailability(): React.ReactElement | null {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stop = () => {};
    void import('@site/src/search/client').then((m) => {
      stop = m.onSearchAvailability(setFailed);
    });
    return () => stop();
  }, []);
  // The notice goes right under the page's search form, which the original page renders.
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const form = failed ? document.querySelector('.main-wrapper form') : null;
    if (!form) return undefined;
    const div = document.createElement('div');
    form.after(div);
    setHost(div);
    return () => {
      div.remove();
      setHost(null);
    };
  }, [failed]);
  if (!failed || !host) return null;
  if (DEV_SERVER) return createPortal(<DevIndexNotice className="alert alert--info margin-bottom--md" />, host);
  const {titleText = '无法获取结果', helpText = ''} = translations.modal?.errorScreen ?? {};
  return createPortal(
    <div className="alert alert--danger margin-bottom--md" role="alert" data-search-error>
      <strong>{titleText}</strong> {helpText}
    </div>,
    host,
  );
}

export default function SearchPageWrapper(): React.ReactElement {
  const {siteConfig} = useDocusaurusContext();
  const offline = siteConfig.customFields?.searchMode !== 'algolia';
  return (
    <BrowserOnly fallback={<Shell />}>
      {() => (
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
          {offline && (
            <>
              <Head>
                <body className="search--offline" />
              </Head>
              <OfflineAvailability />
            </>
          )}
          <SearchPage />
        </>
      )}
    </BrowserOnly>
  );
}
