import React, {useEffect} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import Layout from '@theme/Layout';

/** `/docs`: a meta refresh for direct loads without scripts, a client redirect once hydrated. */
export default function DocsLanding({landing}: {landing: {target: string}}): React.ReactElement {
  const history = useHistory();
  useEffect(() => {
    history.replace(landing.target);
  }, [history, landing.target]);
  return (
    <Layout
      title={translate({id: 'docsLanding.title', message: '文档'})}
      description={translate({id: 'docsLanding.description', message: '凌川科技产品文档入口'})}>
      <Head>
        <meta httpEquiv="refresh" content={`0; url=${landing.target}`} />
        <meta name="robots" content="noindex" />
        <link rel="canonical" href={landing.target} />
      </Head>
      <main className="container margin-vert--xl">
        <p>
          <Translate
            id="docsLanding.opening"
            values={{
              link: <Link to={landing.target}>{translate({id: 'docsLanding.target', message: 'Neptune 工业云平台简介'})}</Link>,
            }}>
            {'正在打开文档首页：{link}'}
          </Translate>
        </p>
      </main>
    </Layout>
  );
}
