// A code block's highlighted lines: Prism with our grammars (docusaurus.config.ts, prism.additionalLanguages) and the
// theme's Line component. Loaded on demand by src/theme/CodeBlock/Content, in its own chunk: the server renders it into
// the static HTML; the browser loads it only for a block that mounts after hydration.
import React, {type ReactNode} from 'react';
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';

prismIncludeLanguages(Prism);

export default function HighlightedLines(): ReactNode {
  const {metadata} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {code, language, lineClassNames, lineNumbersStart} = metadata;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({tokens, getLineProps, getTokenProps}) =>
        tokens.map((line, i) => (
          <Line
            // upstream's key: a line's position
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))
      }
    </Highlight>
  );
}
