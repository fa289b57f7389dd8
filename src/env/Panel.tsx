// 「我的环境」: the reader's own values for the samples (fields from docs-guide/reference-plant.yaml `readerValues`). A modal
// dialog (the browser's <dialog>: focus kept inside, Esc closes); a value that breaks its field's rule is refused with
// the rule, never stored. Loaded only when opened (./usePanel.tsx).
import React, {useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {ruleProblem} from './rule-texts';
import {getSnapshot, resetReaderValues, saveReaderValues} from './store';
import {activeValues} from './substitute';
import {useReaderValuesData} from './useReaderFields';
import {useVersionsData} from '../versions/useReaderVersions';
import {writtenVersion} from '../versions/compare';
import clsx from 'clsx';
import forms from '@site/src/css/forms.module.css';
import styles from './panel.module.css';

export default function Panel({onClose}: {onClose: () => void}): ReactNode {
  const {fields, tools} = useReaderValuesData();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => ({...getSnapshot()}));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const groups = useMemo(() => [...new Set(fields.map((f) => f.group))], [fields]);
  const {products} = useVersionsData();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  const set = (field: string, value: string) => {
    setValues((v) => ({...v, [field]: value}));
    setProblems(({[field]: _, ...rest}) => rest);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    const trimmed: Record<string, string> = {};
    for (const f of fields) {
      const v = (values[f.field] ?? '').trim();
      const problem = ruleProblem(f.rule, v);
      if (problem) found[f.field] = problem;
      else if (v && v !== f.example) trimmed[f.field] = v;
    }
    setProblems(found);
    const first = fields.find((f) => found[f.field]);
    if (first) {
      setStatus(
        `未保存：${fields
          .filter((f) => found[f.field])
          .map((f) => f.label)
          .join('、')} 不符合格式要求。`,
      );
      dialog.current?.querySelector<HTMLInputElement>(`[name="${first.field}"]`)?.focus();
      return;
    }
    // The versions the reader runs (「我使用的版本」): kept with the values, never substituted into code.
    for (const p of products) {
      const v = values[`version:${p.id}`];
      if (v && p.versions.includes(v)) trimmed[`version:${p.id}`] = v;
    }
    const kept = saveReaderValues(trimmed);
    const n = activeValues(fields, trimmed).size;
    setValues(trimmed);
    setStatus(
      (n ? `已保存：${n} 项生效，本站所有页面的示例代码已换成你的值。` : '已保存：没有填写值，页面显示示例值。') +
        (kept ? '' : '浏览器不允许保存，这些值只在本页有效。'),
    );
  };

  const reset = () => {
    resetReaderValues();
    setValues({});
    setProblems({});
    setStatus('已恢复示例值。');
  };

  const clientId = `${values.productKey?.trim() || fields.find((f) => f.field === 'productKey')?.example}.${
    values.deviceName?.trim() || fields.find((f) => f.field === 'deviceName')?.example
  }`;

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-title`} onClose={onClose} data-my-environment-panel>
      <form onSubmit={save} noValidate>
        <h2 id={`${id}-title`} className={styles.title}>
          我的环境
        </h2>
        <p className={styles.intro}>
          填写你的安装中的地址和标识，本站每个页面的示例代码都会显示并复制你的值（含其他标签页）。值只保存在本浏览器中，不会发送到任何地方；留空的项显示示例值。
          密钥不在这里填写：签名和连接密码请用 <Link to={tools.signature.to}>{tools.signature.title}</Link> 和{' '}
          <Link to={tools.mqtt.to}>{tools.mqtt.title}</Link>。
        </p>
        {groups.map((group) => (
          <fieldset key={group} className={styles.group}>
            <legend>{group}</legend>
            {fields
              .filter((f) => f.group === group)
              .map((f) => {
                const inputId = `${id}-${f.field}`;
                const problem = problems[f.field];
                return (
                  <div key={f.field} className={forms.row}>
                    <label htmlFor={inputId}>{f.label}</label>
                    <input
                      id={inputId}
                      name={f.field}
                      className={clsx(forms.input, problem && styles.invalid)}
                      value={values[f.field] ?? ''}
                      placeholder={f.example}
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={`${inputId}-hint`}
                      onChange={(e) => set(f.field, e.target.value)}
                    />
                    <span id={`${inputId}-hint`} className={problem ? styles.problem : forms.hint}>
                      {problem ? `格式不对：${problem}` : `示例：${f.example}`}
                    </span>
                  </div>
                );
              })}
            {group === 'Neptune' && (
              <div className={forms.row}>
                <span>clientId（由 productKey 和 deviceName 组成）</span>
                <span className={clsx(forms.input, styles.output)} data-client-id>
                  {clientId}
                </span>
              </div>
            )}
          </fieldset>
        ))}
        <fieldset className={styles.group} data-reader-versions>
          <legend>我使用的版本</legend>
          <p className={forms.hint}>选择后，需要更新版本的章节旁会说明你需要升级到哪个版本；页面内容不会隐藏。</p>
          {products
            .filter((p) => p.versions.length > 1)
            .map((p) => {
              const selectId = `${id}-version-${p.id}`;
              return (
                <div key={p.id} className={forms.row}>
                  <label htmlFor={selectId}>{p.name}</label>
                  <select
                    id={selectId}
                    name={`version:${p.id}`}
                    className={forms.input}
                    value={values[`version:${p.id}`] ?? ''}
                    onChange={(e) => set(`version:${p.id}`, e.target.value)}>
                    <option value="">最新版本（{writtenVersion(p, p.versions.at(-1)!)}）</option>
                    {p.versions
                      .slice(0, -1)
                      .reverse()
                      .map((v) => (
                        <option key={v} value={v}>
                          {writtenVersion(p, v)}
                        </option>
                      ))}
                  </select>
                </div>
              );
            })}
        </fieldset>
        <p className={styles.status} role="status" aria-live="polite">
          {status}
        </p>
        <div className={styles.buttons}>
          <button type="submit" className="button button--primary">
            保存
          </button>
          <button type="button" className="button button--secondary" onClick={reset}>
            恢复示例值
          </button>
          <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
            关闭
          </button>
        </div>
      </form>
    </dialog>
  );
}
