// 「复制为 Markdown」 (one of the page tools): copies the page's Markdown (its URL plus `.md`, written at build time by
// plugins/markdown-export) to the clipboard. Nothing is fetched until the reader clicks.
import React, {useState} from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import styles from '@site/src/components/PageTools/styles.module.css';

type State = 'idle' | 'copying' | 'copied' | 'failed';

export default function CopyMarkdown({url}: {url: string}): React.ReactElement {
  const [state, setState] = useState<State>('idle');
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
    <>
      <button type="button" className={styles.item} onClick={() => void copy()} disabled={state === 'copying'} data-copy-markdown>
        {state === 'copied' ? (
          <Translate id="doc.copyMarkdown.done">已复制</Translate>
        ) : state === 'failed' ? (
          <Translate id="doc.copyMarkdown.failed">复制失败</Translate>
        ) : (
          <Translate id="doc.copyMarkdown.button">复制为 Markdown</Translate>
        )}
      </button>
      <span className={styles.status} role="status" aria-live="polite">
        {state === 'copied' ? translate({id: 'doc.copyMarkdown.done', message: '已复制'}) : ''}
      </span>
    </>
  );
}
