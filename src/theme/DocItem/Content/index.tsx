// Wraps the doc content to put the page's tools in a row above the title: 「复制为 Markdown」 and the Markdown source on
// every doc page, and on an area's entry page and introductions 「下载 PDF / 打印手册」 (the whole manual).
import React from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import PageTools from '@site/src/components/PageTools';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): React.ReactElement {
  const {metadata} = useDoc();
  return (
    <>
      <PageTools docId={metadata.id} />
      <Content {...props} />
    </>
  );
}
