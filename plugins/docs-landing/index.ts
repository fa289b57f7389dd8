// `/docs` itself is no doc page: this plugin gives it an exact route that sends readers to the default docs landing page.
import type {LoadContext, Plugin} from '@docusaurus/types';
import {DOCS_LANDING} from '../../src/areas';

export default function docsLanding(context: LoadContext): Plugin {
  return {
    name: 'docs-landing',
    async contentLoaded({actions}) {
      const target = `${context.baseUrl}${DOCS_LANDING.slice(1)}`;
      const data = await actions.createData('docs-landing.json', JSON.stringify({target}));
      actions.addRoute({
        path: `${context.baseUrl}docs`,
        exact: true,
        component: '@site/src/components/DocsLanding',
        modules: {landing: data},
      });
    },
  };
}
