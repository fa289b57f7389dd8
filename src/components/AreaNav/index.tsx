import React from 'react';
import Translate, {translate} from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {AreaDoc, AreaNavData} from '../../shared/area-nav';
import {locateInAreas, type AreaPosition} from './locate';
import styles from './styles.module.css';

export {locateInAreas, type AreaPosition};

export function useAreaPosition(id: string): AreaPosition | null {
  const data = usePluginData('area-nav') as AreaNavData | undefined;
  return data ? locateInAreas(data, id) : null;
}

/** One link of the area pager (an empty cell keeps the grid when there is no such page). */
function PagerLink({
  doc,
  rel,
  className,
  children,
}: {
  doc?: AreaDoc;
  rel: 'prev' | 'up' | 'next';
  className: string;
  children: React.ReactNode;
}) {
  if (!doc) return <span />;
  return (
    <Link className={`pagination-nav__link ${className}`} to={doc.permalink} rel={rel === 'up' ? undefined : rel} data-rel={rel}>
      <div className="pagination-nav__sublabel">{children}</div>
      <div className="pagination-nav__label">{doc.label}</div>
    </Link>
  );
}

/** Where a page of an area without a sidebar sits: home › area › groups › page. */
export function AreaBreadcrumbs({pos}: {pos: AreaPosition}): React.ReactElement {
  const crumbs = [pos.area.label, ...pos.trail].filter((label, i, all) => all.indexOf(label) === i);
  return (
    <nav
      className="theme-doc-breadcrumbs"
      aria-label={translate({id: 'area.breadcrumbs.label', message: '页面路径'})}
      data-area-breadcrumbs>
      <ul className="breadcrumbs">
        <li className="breadcrumbs__item">
          <Link className="breadcrumbs__link" to="/">
            <Translate id="area.breadcrumbs.home">首页</Translate>
          </Link>
        </li>
        {crumbs.map((label, i) => (
          <li className="breadcrumbs__item" key={label}>
            {i === 0 && pos.up ? (
              <Link className="breadcrumbs__link" to={pos.area.entry.permalink}>
                {label}
              </Link>
            ) : (
              <span className="breadcrumbs__link">{label}</span>
            )}
          </li>
        ))}
        <li className="breadcrumbs__item breadcrumbs__item--active">
          <span className="breadcrumbs__link" aria-current="page">
            {pos.doc.label}
          </span>
        </li>
      </ul>
    </nav>
  );
}

/** Previous / up / next links at the foot of a page of an area without a sidebar. */
export function AreaPager({pos}: {pos: AreaPosition}): React.ReactElement | null {
  // An area of a single page (the denture app) has nowhere to go.
  if (!pos.prev && !pos.next && !pos.up) return null;
  return (
    <nav
      className={`pagination-nav ${styles.pager}`}
      aria-label={translate({id: 'area.pager.label', message: '同一区域的文档'})}
      data-area-pager={pos.area.key}>
      <PagerLink doc={pos.prev} rel="prev" className="pagination-nav__link--prev">
        <Translate id="area.pager.previous">上一页</Translate>
      </PagerLink>
      <PagerLink doc={pos.up} rel="up" className={styles.up}>
        <Translate id="area.pager.up" values={{area: pos.area.label}}>
          {'返回{area}目录'}
        </Translate>
      </PagerLink>
      <PagerLink doc={pos.next} rel="next" className="pagination-nav__link--next">
        <Translate id="area.pager.next">下一页</Translate>
      </PagerLink>
    </nav>
  );
}
