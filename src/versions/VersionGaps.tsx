// <VersionGaps product="janus" /> on a product's introduction: what the reader's version of it lacks, newest first
// (the build gives it the product's changes; the list appears after hydration once the reader has chosen a version).
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {compareVersions, writtenVersion} from './compare';
import {useReaderVersions, useVersionsData} from './useReaderVersions';
import forms from '@site/src/css/forms.module.css';
import styles from './styles.module.css';

type Change = {v: string; what: string; href: string};

export default function VersionGaps({product, changes}: {product: string; changes: string}): ReactNode {
  const p = useVersionsData().products.find((x) => x.id === product);
  const reader = useReaderVersions()[product];
  if (!p) return null;
  const missing = reader ? (JSON.parse(changes) as Change[]).filter((c) => compareVersions(reader, c.v) < 0) : [];
  return (
    <aside className={`search-skip ${forms.box} ${styles.gaps}`} aria-label={`${p.name} 版本差异`} data-version-gaps={product}>
      {!reader ? (
        <p>在「我的环境」（标题旁的「本页工具」菜单）中选择你使用的 {p.name} 版本，这里会列出它还没有的功能。</p>
      ) : missing.length === 0 ? (
        <p>你的 {writtenVersion(p, reader, true)} 已包含本文档介绍的全部功能。</p>
      ) : (
        <>
          <p>
            你的 {writtenVersion(p, reader, true)} 还没有下列 {missing.length} 项功能或变更（升级到{' '}
            {writtenVersion(p, p.versions.at(-1)!, true)} 后可用）：
          </p>
          <ul>
            {missing.map((c) => (
              <li key={`${c.v}-${c.href}-${c.what}`}>
                <Link to={c.href}>{c.what}</Link>（{writtenVersion(p, c.v)} 起）
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
