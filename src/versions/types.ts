// The version registry as the browser sees it (plugins/versions' global data).
export type VersionsData = {products: {id: string; name: string; written: string; versions: string[]}[]};
