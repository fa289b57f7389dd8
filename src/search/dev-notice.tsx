// Under `npm start` there is no offline index (it is built from the built pages by `npm run build`): a failed search
// there shows this notice, naming the command that builds one, never the network error a reader would see.
import React from 'react';
import Translate from '@docusaurus/Translate';

/** True in the dev server (webpack/Rspack replace process.env.NODE_ENV at build time). */
export const DEV_SERVER = process.env.NODE_ENV === 'development';

export function DevIndexNotice({className}: {className?: string}): React.ReactElement {
  return (
    <div className={className} role="status" data-search-dev-notice>
      <p className="DocSearch-Title">
        <Translate id="search.dev.title">开发服务器没有搜索索引</Translate>
      </p>
      <p className="DocSearch-Help">
        <Translate id="search.dev.help" values={{command: <code>npm run build && npm run serve</code>}}>
          {'离线搜索索引在构建时生成。运行 {command}，在 http://127.0.0.1:3000 试用搜索。'}
        </Translate>
      </p>
    </div>
  );
}
