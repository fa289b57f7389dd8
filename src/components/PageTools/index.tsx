// The page's tools behind one compact button beside the title, 「本页工具 ▾」 (a disclosure: Enter or Space opens it, Esc
// closes it and returns to the button, Tab walks its items): 「我的环境」 (the reader's values for the samples, src/env),
// 「下载 PDF / 打印手册」 where the page opens an area's manual, 「复制为 Markdown」 and the Markdown source. The button
// shows a dot while the reader's values are active.
import React, {useEffect, useId, useRef, useState} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import Translate, {translate} from '@docusaurus/Translate';
import CopyMarkdown from '@site/src/components/CopyMarkdown';
import ManualEntry from '@site/src/components/ManualEntry';
import {useActiveCount} from '@site/src/env/useActiveCount';
import {usePanel} from '@site/src/env/usePanel';
import styles from './styles.module.css';

export default function PageTools({docId}: {docId: string}): React.ReactElement {
  const {pathname} = useLocation();
  const markdownUrl = `${pathname.replace(/\/$/, '')}.md`;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const active = useActiveCount();
  const [panel, openPanel] = usePanel();

  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  useEffect(() => setOpen(false), [pathname]);

  const label = translate({id: 'doc.tools.label', message: '本页工具'});
  return (
    <div className={styles.tools} ref={root} data-page-tools>
      <button
        ref={button}
        type="button"
        className={clsx(styles.button, styles.toggle)}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-page-tools-button>
        {label}
        <span className={styles.dot} data-on={active > 0 || undefined}>
          {active > 0 ? <span className={styles.srOnly}>（我的环境已生效）</span> : null}
        </span>
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      <div id={menuId} className={styles.menu} role="group" aria-label={label} hidden={!open}>
        <button
          type="button"
          className={styles.item}
          onClick={(e) => {
            setOpen(false);
            openPanel(button.current ?? e.currentTarget);
          }}
          data-my-environment>
          我的环境{active > 0 ? `（${active} 项生效）` : '…'}
        </button>
        <ManualEntry docId={docId} />
        <CopyMarkdown url={markdownUrl} />
        <a
          className={styles.item}
          href={markdownUrl}
          title={translate({id: 'doc.copyMarkdown.viewTitle', message: '查看本页的 Markdown 源文本'})}
          data-markdown-source>
          <Translate id="doc.tools.markdownSource">Markdown 源文本</Translate>
        </a>
      </div>
      {panel}
    </div>
  );
}
