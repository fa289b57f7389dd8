// <MyEnvironment /> on the connection and quick-start pages: says that the samples use the reference plant's values,
// whether the reader's own values are active, and opens 「我的环境」 or goes back to the examples. The same words fill
// the same space before and after hydration (nothing moves); the Markdown export and the manuals leave it out.
import React, {useRef, type ReactNode} from 'react';
import {resetReaderValues} from '@site/src/env/store';
import {useActiveCount} from '@site/src/env/useActiveCount';
import {usePanel} from '@site/src/env/usePanel';
import {useReaderValuesData} from '@site/src/env/useReaderFields';
import forms from '@site/src/css/forms.module.css';
import styles from './styles.module.css';

/** `fields`: the identities the page's code holds, written by the build (plugins/reader-values/mark.ts). */
export default function MyEnvironment({fields = ''}: {fields?: string}): ReactNode {
  const active = useActiveCount();
  const all = useReaderValuesData().fields;
  const shown = fields
    .split(' ')
    .map((name) => all.find((f) => f.field === name))
    .filter((f) => f !== undefined)
    .slice(0, 3);
  const [panel, openPanel] = usePanel();
  const button = useRef<HTMLButtonElement>(null);
  return (
    <aside className={`search-skip ${forms.box} ${styles.noPrint}`} aria-label="我的环境" data-my-environment-box>
      <p className={styles.text}>
        本页的示例使用参考工厂的值
        {shown.length ? (
          <>
            （如
            {shown.map((f, i) => (
              <React.Fragment key={f.field}>
                {i ? '、' : /^[A-Za-z]/.test(f.label) ? ' ' : ''}
                {f.label} <code>{f.example}</code>
              </React.Fragment>
            ))}
            ）
          </>
        ) : null}
        。在「我的环境」中填写你的安装中的值，本站的示例代码就显示并复制你的值；值只保存在本浏览器中。
      </p>
      <p className={styles.state} data-state={active > 0 ? 'mine' : 'examples'}>
        {active > 0 ? `当前：你的值（${active} 项生效）` : '当前：示例值'}
      </p>
      <div className={styles.buttons}>
        <button
          ref={button}
          type="button"
          className="button button--sm button--primary"
          onClick={() => openPanel(button.current)}>
          填写我的环境
        </button>
        <button type="button" className="button button--sm button--secondary" disabled={active === 0} onClick={resetReaderValues}>
          恢复示例值
        </button>
      </div>
      {panel}
    </aside>
  );
}
