// Where a page sits in an area without a sidebar (pure, shared by the components and the unit tests).
import type {AreaDoc, AreaItem, AreaNavData, NavArea} from '../../shared/area-nav';

export type AreaPosition = {
  area: NavArea;
  doc: AreaDoc;
  /** Category labels from the area down to the page's folder. */
  trail: string[];
  prev?: AreaDoc;
  next?: AreaDoc;
  /** The page one level up: the area's entry page (the page itself has none when it is the entry). */
  up?: AreaDoc;
};

function findTrail(items: AreaItem[], id: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.type === 'doc' && item.id === id) return trail;
    if (item.type === 'category') {
      const found = findTrail(item.items, id, [...trail, item.label]);
      if (found) return found;
    }
  }
  return null;
}

export function locateInAreas(data: AreaNavData, id: string): AreaPosition | null {
  for (const area of Object.values(data.areas)) {
    const index = area.order.findIndex((d) => d.id === id);
    if (index < 0) continue;
    return {
      area,
      doc: area.order[index],
      trail: findTrail(area.items, id) ?? [],
      prev: area.order[index - 1],
      next: area.order[index + 1],
      up: area.entry.id === id ? undefined : area.entry,
    };
  }
  return null;
}
