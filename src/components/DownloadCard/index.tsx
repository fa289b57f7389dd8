import React from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {DownloadInfo} from './types';
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
        下载 {label ?? file}
      </a>
      <dl className={styles.meta}>
        <dt>文件名</dt>
        <dd>
          <code>{info.file}</code>
        </dd>
        <dt>大小</dt>
        <dd data-bytes={info.bytes}>
          {formatBytes(info.bytes)}（{info.bytes.toLocaleString('zh-CN')} 字节）
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
