// A code block's lines in the browser (bundled as `@lc/code-lines`: see plugins/prism): the highlighter in its own chunk,
// loaded when the first such block mounts; until it arrives the block shows its plain lines (same text, same line boxes).
import React, {lazy, Suspense, type ReactNode} from 'react';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';

const HighlightedLines = lazy(() => import('./HighlightedLines'));

function PlainLines({code}: {code: string}): ReactNode {
  return code.split('\n').map((line, i) => (
    // lines have no identity but their position
    <span key={i} className="token-line">
      {line}
      <br />
    </span>
  ));
}

export default function CodeLines(): ReactNode {
  const {metadata} = useCodeBlockContext();
  return (
    <Suspense fallback={<PlainLines code={metadata.code} />}>
      <HighlightedLines />
    </Suspense>
  );
}
