import React from 'react';
import Translate from '@docusaurus/Translate';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {DownloadInfo} from '../../shared/downloads';
import {formatBytes} from './format';
import styles from './styles.module.css';

/** A file of static/downloads with its size and SHA-256 (computed at build time by plugins/downloads). */
export default function DownloadCard({file, label}: {file: string; label?: string}): React.ReactElement {
  const all = usePluginData('downloads') as Record<string, DownloadInfo>;
  const info = all[file];
  if (!info) {
    throw new Error(`DownloadCard: static/downloads/${file} does not exist (known: ${Object.keys(all).join(', ') || 'none'})`);
  }
  return (
    <div className={styles.card} data-download={file}>
      <a className="button button--primary" href={info.url} download={file}>
        <Translate id="download.button" values={{name: label ?? file}}>
          {'下载 {name}'}
        </Translate>
      </a>
      <dl className={styles.meta}>
        <dt>
          <Translate id="download.fileName">文件名</Translate>
        </dt>
        <dd>
          <code>{info.file}</code>
        </dd>
        <dt>
          <Translate id="download.size">大小</Translate>
        </dt>
        <dd data-bytes={info.bytes}>
          <Translate id="download.sizeValue" values={{size: formatBytes(info.bytes), bytes: info.bytes.toLocaleString('zh-CN')}}>
            {'{size}（{bytes} 字节）'}
          </Translate>
        </dd>
        <dt>SHA-256</dt>
        <dd>
          <code className={styles.hash} data-sha256>
            {info.sha256}
          </code>
        </dd>
      </dl>
    </div>
  );
}
