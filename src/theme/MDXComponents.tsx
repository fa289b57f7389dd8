// Wraps the theme's MDX components: the version badges and gaps that plugins/versions/mark.ts writes into pages (elements
// a page does not import) are known to every page.
import MDXComponents from '@theme-original/MDXComponents';
import VersionBadges from '@site/src/versions/VersionBadges';
import VersionGaps from '@site/src/versions/VersionGaps';

export default {...MDXComponents, VersionBadges, VersionGaps};
