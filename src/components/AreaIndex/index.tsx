import React from 'react';
import {translate} from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {AreaItem, AreaNavData} from '../../shared/area-nav';

function Items({items, depth}: {items: AreaItem[]; depth: number}): React.ReactElement {
  const Heading = depth === 0 ? 'h3' : 'h4';
  const docs = items.filter((i) => i.type === 'doc');
  const cats = items.filter((i) => i.type === 'category');
  return (
    <>
      {docs.length > 0 && (
        <ul>
          {docs.map((d) => (
            <li key={d.id}>
              <Link to={d.permalink}>{d.title}</Link>
            </li>
          ))}
        </ul>
      )}
      {cats.map((c) => (
        <section key={c.label}>
          <Heading>{c.label}</Heading>
          <Items items={c.items} depth={depth + 1} />
        </section>
      ))}
    </>
  );
}

/** Every page of an area without a sidebar, grouped by folder. */
export default function AreaIndex({area}: {area: string}): React.ReactElement {
  const {areas} = usePluginData('area-nav') as AreaNavData;
  const data = areas[area];
  if (!data) throw new Error(`AreaIndex: unknown area "${area}" (known: ${Object.keys(areas).join(', ')})`);
  return (
    <nav
      aria-label={translate({id: 'area.index.label', message: '{area}全部文档'}, {area: data.label})}
      className="area-index"
      data-area={area}>
      <Items items={data.items} depth={0} />
    </nav>
  );
}
