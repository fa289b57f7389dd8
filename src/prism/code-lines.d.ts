// `@lc/code-lines`: lines.server.tsx in the server bundle, lines.client.tsx in the browser's (plugins/prism).
declare module '@lc/code-lines' {
  import type {ReactNode} from 'react';

  export default function CodeLines(): ReactNode;
}
