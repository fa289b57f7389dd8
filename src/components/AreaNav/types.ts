// The area navigation data (plugins/area-nav builds it, the AreaNav and AreaIndex components read it).
export type AreaDoc = {type: 'doc'; id: string; title: string; label: string; permalink: string};
export type AreaCategory = {type: 'category'; label: string; items: AreaItem[]};
export type AreaItem = AreaDoc | AreaCategory;
export type Area = {key: string; label: string; entry: AreaDoc; items: AreaItem[]; order: AreaDoc[]};
export type AreaNavData = {areas: Record<string, Area>};
