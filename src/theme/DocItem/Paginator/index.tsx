// Wraps the doc paginator: pages of areas without a sidebar link to their previous, next and entry page.
import React from 'react';
import Paginator from '@theme-original/DocItem/Paginator';
import type PaginatorType from '@theme/DocItem/Paginator';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import {AreaPager, useAreaPosition} from '@site/src/components/AreaNav';

type Props = WrapperProps<typeof PaginatorType>;

export default function PaginatorWrapper(props: Props): React.ReactElement {
  const {metadata} = useDoc();
  const pos = useAreaPosition(metadata.id);
  if (pos && !metadata.sidebar) return <AreaPager pos={pos} />;
  return <Paginator {...props} />;
}
