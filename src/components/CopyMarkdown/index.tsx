// 「复制为 Markdown」 beside a doc page's title: copies the page's Markdown (its URL plus `.md`, written at build time by
// plugins/markdown-export) to the clipboard. Nothing is fetched until the reader clicks.
import React, {useState} from 'react';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

type State = 'idle' | 'copying' | 'copied' | 'failed';

export default function CopyMarkdown({extra}: {extra?: React.ReactNode}): React.ReactElement {
  const {pathname} = useLocation();
  const [state, setState] = useState<State>('idle');
  const url = `${pathname.replace(/\/$/, '')}.md`;
  const copy = async () => {
    setState('copying');
    try {
      const res = await fetch(url, {cache: 'no-cache'});
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await navigator.clipboard.writeText(await res.text());
      setState('copied');
    } catch {
      setState('failed');
    }
    window.setTimeout(() => setState('idle'), 3000);
  };
  return (
    <div className={styles.actions}>
      {extra}
      <button
        type="button"
        className={styles.button}
        onClick={() => void copy()}
        disabled={state === 'copying'}
        data-copy-markdown>
        {state === 'copied' ? (
          <Translate id="doc.copyMarkdown.done">已复制</Translate>
        ) : state === 'failed' ? (
          <Translate id="doc.copyMarkdown.failed">复制失败</Translate>
        ) : (
          <Translate id="doc.copyMarkdown.button">复制为 Markdown</Translate>
        )}
      </button>
      <a
        className={styles.link}
        href={url}
        title={translate({id: 'doc.copyMarkdown.viewTitle', message: '查看本页的 Markdown 源文本'})}>
        .md
      </a>
      <span className={styles.status} role="status" aria-live="polite">
        {state === 'copied' ? translate({id: 'doc.copyMarkdown.done', message: '已复制'}) : ''}
      </span>
    </div>
  );
}
