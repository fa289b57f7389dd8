// Ejected from @docusaurus/theme-classic 3.8.1, src/theme/CodeBlock/Content/index.tsx (the <pre><code> of a string code
// block). On a Docusaurus upgrade: diff against that file, and check that its CSS module still has the class names used
// here. Changes are marked OURS.
//
// OURS: a block highlighted in the static HTML keeps that HTML through hydration: the browser needs neither Prism nor
// the block's token elements (thousands of spans on a long page) to hydrate it. Prism is loaded, with our grammars, only
// for a block that mounts in the browser (a page reached by client-side navigation, or dark mode: see ../index.tsx),
// which shows its plain text until the highlighter arrives. plugins/prism keeps Prism out of the start-up bundle and
// resolves `@lc/code-lines` (src/prism/lines.server.tsx or lines.client.tsx).
import React, {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {usePrismTheme} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import CodeLines from '@lc/code-lines';
// The theme's own CSS module, so that the classes (and the static HTML's look) are exactly upstream's.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/** `innerHTML` React leaves alone: one object, so a re-render never sees a new value and never rewrites the lines. */
const KEEP_STATIC_HTML = Object.freeze({__html: ''});

export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {language, lineNumbersStart} = metadata;
  // OURS: false while the page hydrates, so true only for blocks that mount in the browser; kept for the block's life.
  const isBrowser = useIsBrowser();
  const [fromStaticHtml] = useState(!isBrowser);
  const keepStaticHtml = fromStaticHtml && ExecutionEnvironment.canUseDOM;
  const codeProps = {
    className: clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    style: {counterReset: lineNumbersStart === undefined ? undefined : `line-count ${lineNumbersStart - 1}`},
  };
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // upstream's: a scrollable block takes keyboard focus
      tabIndex={0}
      className={clsx(classNameProp, `prism-code language-${language.toLowerCase()}`, styles.codeBlock, 'thin-scrollbar')}
      style={prismTheme.plain}>
      {keepStaticHtml ? (
        // OURS: the server rendered the highlighted lines here (the branch below); React does not hydrate the children
        // of an element with innerHTML, and never rewrites it while the value is the same object.
        <code {...codeProps} dangerouslySetInnerHTML={KEEP_STATIC_HTML} suppressHydrationWarning />
      ) : (
        <code {...codeProps}>
          <CodeLines />
        </code>
      )}
    </pre>
  );
}
