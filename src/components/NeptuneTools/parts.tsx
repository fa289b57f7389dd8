// The parts both Neptune tools are made of: a labelled input, a read-only result with its own copy button, and the line
// that says when the browser withholds Web Crypto.
import React, {useEffect, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {subtle} from '@site/src/tools/neptune-auth';
import forms from '@site/src/css/forms.module.css';
import styles from './styles.module.css';

type InputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  hint?: ReactNode;
  secret?: boolean;
  multiline?: boolean;
};

export function Input({id, label, value, onChange, hint, secret, multiline}: InputProps): ReactNode {
  const common = {
    id,
    value,
    className: forms.input,
    autoComplete: 'off',
    spellCheck: false,
    'aria-describedby': hint ? `${id}-hint` : undefined,
  };
  return (
    <div className={forms.row}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={secret ? 'password' : 'text'} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint ? (
        <span id={`${id}-hint`} className={forms.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A computed value: shown as it is (line breaks kept), with a copy button of its own. */
export function Output({label, value, name}: {label: string; value: string; name: string}): ReactNode {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={styles.result}>
      <div className={styles.resultHead}>
        <span>{label}</span>
        <button type="button" className={styles.copy} onClick={() => void copy()} disabled={!value} aria-label={`复制${label}`}>
          {copied ? '已复制' : '复制'}
        </button>
      </div>
      <pre className={styles.value} data-tool-output={name} tabIndex={0} aria-label={label}>
        {value || '—'}
      </pre>
    </div>
  );
}

/** Shown when the browser withholds Web Crypto; `fallback` is the page section that computes the same values by hand. */
export function NoCrypto({fallback}: {fallback: {to: string; label: string}}): ReactNode {
  return (
    <p className={styles.problem} role="alert">
      浏览器只在 HTTPS 页面或 localhost 上提供 Web Crypto，本页现在无法计算。请通过 HTTPS 或在本机打开文档站，或按{' '}
      <Link to={fallback.to}>{fallback.label}</Link> 核对。
    </p>
  );
}

/**
 * The result of `compute(input)`, recomputed whenever the input changes (a late answer for an older input is dropped),
 * and whether the browser withholds Web Crypto.
 */
export function useComputed<I, R>(compute: (input: I) => Promise<R>, input: I, empty: R): [R, boolean] {
  const [result, setResult] = useState<R>(empty);
  const [noCrypto, setNoCrypto] = useState(false);
  useEffect(() => {
    if (!subtle()) {
      setNoCrypto(true);
      return undefined;
    }
    let current = true;
    void compute(input).then((r) => current && setResult(r));
    return () => {
      current = false;
    };
  }, [compute, input]);
  return [result, noCrypto];
}
