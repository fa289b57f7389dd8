// Wraps the theme's inline code: code that the build marked as holding plant identities (`data-env`,
// plugins/reader-values) shows the reader's own values after hydration (「我的环境」); the static HTML keeps the examples.
import React, {type ReactNode} from 'react';
import CodeInline from '@theme-original/CodeInline';
import type {Props} from '@theme/CodeInline';
import {useSubstituted} from '@site/src/env/useSubstituted';

export default function CodeInlineWrapper(props: Props & {'data-env'?: string}): ReactNode {
  const children = useSubstituted(props.children, props['data-env']);
  return <CodeInline {...props}>{children}</CodeInline>;
}
