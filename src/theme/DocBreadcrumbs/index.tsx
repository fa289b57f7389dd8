// Wraps the breadcrumbs: pages of areas without a sidebar show their place in the area instead of an empty trail.
import React from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {AreaBreadcrumbs, useAreaPosition} from '@site/src/components/AreaNav';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

export default function DocBreadcrumbsWrapper(props: Props): React.ReactElement {
  const {metadata} = useDoc();
  const pos = useAreaPosition(metadata.id);
  if (pos && !metadata.sidebar) return <AreaBreadcrumbs pos={pos} />;
  return <DocBreadcrumbs {...props} />;
}
