// The area navigation data of the areas without a sidebar: plugins/area-nav builds it, the AreaNav and AreaIndex
// components read it. (The areas themselves, with their names and versions, are src/areas.ts's `Area`.)
export type AreaDoc = {type: 'doc'; id: string; title: string; label: string; permalink: string};
export type AreaCategory = {type: 'category'; label: string; items: AreaItem[]};
export type AreaItem = AreaDoc | AreaCategory;
export type NavArea = {key: string; label: string; entry: AreaDoc; items: AreaItem[]; order: AreaDoc[]};
export type AreaNavData = {areas: Record<string, NavArea>};
