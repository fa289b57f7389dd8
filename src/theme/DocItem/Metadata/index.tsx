// Wraps the doc metadata: `footer: false` in a page's front matter marks the body so that the site footer is hidden.
import React from 'react';
import Head from '@docusaurus/Head';
import Metadata from '@theme-original/DocItem/Metadata';
import type MetadataType from '@theme/DocItem/Metadata';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';

type Props = WrapperProps<typeof MetadataType>;

export default function MetadataWrapper(props: Props): React.ReactElement {
  const {frontMatter} = useDoc();
  const hideFooter = (frontMatter as {footer?: unknown}).footer === false;
  return (
    <>
      <Metadata {...props} />
      {hideFooter && (
        <Head>
          <body className="footer--hidden" />
        </Head>
      )}
    </>
  );
}
