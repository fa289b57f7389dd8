// The badges the build puts after a heading (plugins/versions/mark.ts): 「v2.7 起」, 「Janus 2.4 起变更」. With the
// reader's version of that product older than the badge's, it adds what they need (after hydration; the static HTML and
// search records are the same for every reader).
import React, {type ReactNode} from 'react';
import {compareVersions, writtenVersion} from './compare';
import {useReaderVersions, useVersionsData} from './useReaderVersions';
import styles from './styles.module.css';

const KIND: Record<string, string> = {added: '起', changed: '起变更', deprecated: '起弃用', removed: '起移除'};

export default function VersionBadges({items}: {items: string}): ReactNode {
  const {products} = useVersionsData();
  const mine = useReaderVersions();
  return (
    <p className={`search-skip ${styles.badges}`} data-version-badges>
      {items.split(' ').map((item) => {
        const [id, version, kind] = item.split(':');
        const p = products.find((x) => x.id === id);
        if (!p) return null;
        const reader = mine[id];
        const needs = reader && (kind === 'added' || kind === 'changed') && compareVersions(reader, version) < 0;
        return (
          <span key={item} className={styles.badge} data-product={id} data-since={version}>
            {`${writtenVersion(p, version, id !== 'neptune')} ${KIND[kind] ?? '起'}`}
            {needs ? (
              <span className={styles.needs} data-needs>
                {`：你的 ${writtenVersion(p, reader, true)} 需要升级到 ${version}`}
              </span>
            ) : null}
          </span>
        );
      })}
    </p>
  );
}
