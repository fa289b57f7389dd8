// The docs plugin (@docusaurus/plugin-content-docs 3.8.1, same options, same name and routes) with a leaner version
// prop. Every docs page loads the prop of its version: the sidebars and, for every doc, its id, title, sidebar and
// description. The descriptions were two thirds of it gzipped (about 17 of 26 KB on every docs page's first load, and the
// part that grows with each page) and only DocCard reads them: a category's generated index or a <DocCardList>, which
// this site does not use. The plugin fails the build if a generated index appears, rather than show cards without text.
import pluginContentDocs, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadedContent, PluginOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';

/** The component of a generated category index page (the docs plugin's default). */
const GENERATED_INDEX_COMPONENT = '@theme/DocCategoryGeneratedIndexPage';

type DocProp = {id: string; title: string; description?: string; sidebar?: string};

/** A route tree with the pages' descriptions left out of every version prop (`props.version.docs`). */
export function withoutDescriptions(route: RouteConfig): RouteConfig {
  const version = (route.props as {version?: {docs?: Record<string, DocProp>}} | undefined)?.version;
  const lean: RouteConfig = {...route, ...(route.routes ? {routes: route.routes.map(withoutDescriptions)} : {})};
  if (!version?.docs) return lean;
  const docs = Object.fromEntries(
    Object.entries(version.docs).map(([id, doc]) => {
      const {description, ...rest} = doc;
      void description;
      return [id, rest];
    }),
  );
  return {...lean, props: {...route.props, version: {...version, docs}}};
}

/** Paths of the generated category index pages in a route tree. */
function generatedIndexes(route: RouteConfig): string[] {
  const own = route.component === GENERATED_INDEX_COMPONENT ? [route.path] : [];
  return [...own, ...(route.routes ?? []).flatMap(generatedIndexes)];
}

export default async function leanDocs(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  const {contentLoaded} = plugin;
  return {
    ...plugin,
    async contentLoaded(args) {
      await contentLoaded?.({
        ...args,
        actions: {
          ...args.actions,
          addRoute: (route) => {
            const generated = generatedIndexes(route);
            if (generated.length) {
              throw new Error(
                `[docs-lean] generated category index pages (${generated.join(', ')}) show DocCards, which need the ` +
                  "pages' descriptions that plugins/docs-lean leaves out: link the category to a page instead",
              );
            }
            args.actions.addRoute(withoutDescriptions(route));
          },
        },
      });
    },
  };
}

leanDocs.validateOptions = validateOptions;
