// Ejected from @docusaurus/theme-classic 3.8.1, src/theme/CodeBlock/index.tsx (the shell that picks the string or element
// content). On a Docusaurus upgrade: diff against that file; the content components are still the theme's own.
// Replaces the theme's CodeBlock shell: it re-created every code block after hydration to restyle it for dark mode
// (a long page's tokens twice, most of a docs page's blocking time); we re-create it only when dark mode is active, or
// when the reader's values (「我的环境」, src/env) change the code the build marked as holding plant identities.
import React, {isValidElement, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode} from '@docusaurus/theme-common';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {useSubstituted} from '@site/src/env/useSubstituted';
import DerivedNote from '@site/src/env/DerivedNote';

/** Plain string children stay copyable; React element children are passed through as they are. */
function stringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/** A short stable key for a code text (the block is re-created when the reader's values change it). */
function textKey(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

type OurProps = Props & {'data-env'?: string; 'data-derived'?: string};

export default function CodeBlock({
  children: rawChildren,
  'data-env': env,
  'data-derived': derived,
  ...props
}: OurProps): ReactNode {
  // The static HTML carries the light Prism colours (the default mode); a reader in dark mode gets the block rebuilt once.
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const example = stringifyChildren(rawChildren);
  // OURS: the reader's values in place of the examples (after hydration; the static HTML keeps the examples), shown and
  // copied alike because the block is re-created with the substituted text.
  const children = useSubstituted(example, env);
  const substituted = children !== example;
  const Content = typeof children === 'string' ? StringContent : ElementContent;
  // OURS: upstream keys the content on `isBrowser` (every block is rebuilt after hydration); we key on the dark mode
  // and on the reader's values.
  const key = `${isBrowser && colorMode === 'dark' ? 'dark' : 'light'}${substituted ? `:${textKey(children as string)}` : ''}`;
  const block = (
    <Content key={key} {...props}>
      {children as string}
    </Content>
  );
  if (!derived) return block;
  return (
    <>
      {block}
      <DerivedNote kind={derived} active={substituted} />
    </>
  );
}
