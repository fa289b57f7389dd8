// Ejected from @docusaurus/theme-classic 3.8.1, src/theme/CodeBlock/index.tsx (the shell that picks the string or element
// content). On a Docusaurus upgrade: diff against that file; the content components are still the theme's own.
// Replaces the theme's CodeBlock shell: it re-created every code block after hydration to restyle it for dark mode
// (a long page's tokens twice, most of a docs page's blocking time); we re-create it only when dark mode is active.
import React, {isValidElement, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode} from '@docusaurus/theme-common';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Plain string children stay copyable; React element children are passed through as they are. */
function stringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  // The static HTML carries the light Prism colours (the default mode); a reader in dark mode gets the block rebuilt once.
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const children = stringifyChildren(rawChildren);
  const Content = typeof children === 'string' ? StringContent : ElementContent;
  // OURS: upstream keys the content on `isBrowser` (every block is rebuilt after hydration); we key on the dark mode.
  return (
    <Content key={isBrowser && colorMode === 'dark' ? 'dark' : 'light'} {...props}>
      {children as string}
    </Content>
  );
}
