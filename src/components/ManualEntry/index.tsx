// 「下载 PDF / 打印手册」 on an area's entry page and introductions: opens the whole manual (/manuals/<area>/, built by
// plugins/manuals) and its print dialog; the manual page links the PDF where the build made one.
import React from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Translate from '@docusaurus/Translate';
import {areaOfDoc} from '@site/src/areas';
import styles from '@site/src/components/PageTools/styles.module.css';

/** The area whose manual this doc page offers, if any. */
export function manualAreaOf(docId: string): string | undefined {
  const area = areaOfDoc(docId);
  if (!area?.manual) return undefined;
  const isEntry = `/docs/${docId}` === area.entry || docId.endsWith('/introduction');
  return isEntry ? area.key : undefined;
}

export default function ManualEntry({docId}: {docId: string}): React.ReactElement | null {
  const key = manualAreaOf(docId);
  const href = useBaseUrl(`/manuals/${key ?? ''}/?print=1`);
  if (!key) return null;
  return (
    // A plain link: the manual is a static page written after the build, not a route the client router knows.
    <a className={styles.item} href={href} data-manual-entry={key}>
      <Translate id="doc.manual.entry">下载 PDF / 打印手册</Translate>
    </a>
  );
}
