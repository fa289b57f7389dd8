// The line under a code block whose values are computed from the examples (a signature, an MQTT password): in the static
// HTML for every reader, emphasised once the reader's values change the block above it. Same words in both states, so
// nothing moves.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {DerivedKind} from './types';
import {useReaderValuesData} from './useReaderFields';
import styles from './derived.module.css';

const WHAT: Record<DerivedKind | 'other', string> = {
  signature: '签名',
  mqtt: ' password ',
  other: '签名',
};

export default function DerivedNote({kind, active}: {kind: string; active: boolean}): ReactNode {
  const {tools} = useReaderValuesData();
  const known = kind === 'signature' || kind === 'mqtt' ? kind : null;
  return (
    <p
      className={clsx('search-skip', styles.note, active && styles.active)}
      data-derived-note={kind}
      data-active={active || undefined}>
      <span aria-hidden="true">ⓘ </span>
      上面的{WHAT[known ?? 'other']}由示例值算出，填写「我的环境」后不会随之改变
      {known ? (
        <>
          ；用 <Link to={tools[known].to}>{tools[known].title}</Link> 按你的值计算。
        </>
      ) : (
        '；请按你的值重新计算。'
      )}
    </p>
  );
}
