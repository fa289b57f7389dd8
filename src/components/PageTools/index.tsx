// The page's tools in one labelled row above the title (not beside it, so the title keeps the full width at every
// breakpoint): 「下载 PDF / 打印手册」 where the page opens an area's manual, 「复制为 Markdown」 and the Markdown source.
import React from 'react';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import CopyMarkdown from '@site/src/components/CopyMarkdown';
import ManualEntry from '@site/src/components/ManualEntry';
import styles from './styles.module.css';

export default function PageTools({docId}: {docId: string}): React.ReactElement {
  const {pathname} = useLocation();
  const markdownUrl = `${pathname.replace(/\/$/, '')}.md`;
  return (
    <div
      className={styles.tools}
      role="group"
      aria-label={translate({id: 'doc.tools.label', message: '本页工具'})}
      data-page-tools>
      <ManualEntry docId={docId} />
      <CopyMarkdown url={markdownUrl} />
      <a
        className={styles.button}
        href={markdownUrl}
        title={translate({id: 'doc.copyMarkdown.viewTitle', message: '查看本页的 Markdown 源文本'})}
        data-markdown-source>
        <Translate id="doc.tools.markdownSource">Markdown 源文本</Translate>
      </a>
    </div>
  );
}
