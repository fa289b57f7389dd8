// The product lines and documentation areas: the one source for their keys, Chinese labels, entry pages, navbar and
// footer entries, home-page cards, sidebars and manuals. Pure data (no Node or browser APIs), so the config, sidebars,
// build plugins, browser components, scripts and tests all import it. Change a label or an entry page here only.
// The facts behind the texts: docs-guide/product-facts.md.

export type AreaKey = 'automation' | 'lowcode' | 'janus' | 'neptune' | 'triton' | 'open-platform' | 'denture';

export type Area = {
  key: AreaKey;
  /** Folder under docs/ (the route is /docs/<dir>/…). */
  dir: string;
  /** Full product name (home card, footer, manual cover). */
  name: string;
  /** Navbar label (product lines only). */
  navLabel?: string;
  /** Short name used in running text and the manual's running header. */
  short: string;
  version: string;
  /** The page readers land on: navbar, footer, home card and area navigation link to it. */
  entry: string;
  /** Docs sidebar id, or null for areas with generated area navigation (spec §2: no sidebar). */
  sidebar: string | null;
  /** Home page card. */
  summary: string;
  links: {label: string; to: string}[];
  /** Footer column. */
  footer: 'products' | 'developers' | 'support';
  footerLabel?: string;
  /** Whether the area gets a whole-manual page (/manuals/<key>/) to print or save as PDF. */
  manual: boolean;
};

const doc = (id: string) => `/docs/${id}`;

export const AREAS: Area[] = [
  {
    key: 'automation',
    dir: 'automation',
    name: '低代码流程图控制系统软件',
    navLabel: '低代码流程图控制系统软件',
    short: 'WorkFlow',
    version: '3.2',
    entry: doc('automation/work-flow-intro'),
    sidebar: 'automation',
    summary: '在工控机上用流程图编排运动控制与 IO 逻辑，驱动 LC-MC400、LC-MC800 与 LC-ECM64 EtherCAT 运动控制卡。',
    links: [
      {label: '产品简介', to: doc('automation/work-flow-intro')},
      {label: '入门案例一：单轴往复运动', to: doc('automation/quick_start/case-1')},
      {label: '硬件选型', to: doc('automation/hardware_selection')},
    ],
    footer: 'products',
    manual: true,
  },
  {
    key: 'lowcode',
    dir: 'lowcode',
    name: '低代码 HMI 组态软件',
    navLabel: '低代码 HMI 组态软件',
    short: 'HMI',
    version: '1.6',
    entry: doc('lowcode/hmi'),
    sidebar: 'lowcode',
    summary: '在浏览器里拖拽设计操作员画面，绑定 Janus 设备数据点与流程图变量，发布为 Janus 应用并在 HMI Viewer 运行。',
    links: [
      {label: '产品简介', to: doc('lowcode/hmi')},
      {label: '快速开始', to: doc('lowcode/quick-start')},
      {label: '部署为 Janus 应用', to: doc('lowcode/deploy-use/deploy-as-janus-app')},
    ],
    footer: 'products',
    manual: true,
  },
  {
    key: 'janus',
    dir: 'janus',
    name: '边缘计算系统软件 Janus',
    navLabel: '边缘计算系统软件',
    short: 'Janus',
    version: '2.4',
    entry: doc('janus/user/introduction'),
    sidebar: 'janus',
    summary: '运行在工业网关和工控机上，连接现场设备、管理数据点与边缘应用，并可把数据转发到 Neptune。',
    links: [
      {label: '产品简介', to: doc('janus/user/introduction')},
      {label: '申请试用', to: doc('janus/user/trial-janus')},
      {label: 'Janus API', to: doc('janus/api/introduction')},
    ],
    footer: 'products',
    manual: true,
  },
  {
    key: 'neptune',
    dir: 'neptune',
    name: '工业云平台及服务 Neptune',
    navLabel: '工业云平台及服务',
    short: 'Neptune',
    version: '2.9',
    entry: doc('neptune/user/introduction'),
    sidebar: 'neptune',
    summary: '云端设备接入与管理平台：MQTT 接入、物模型、设备影子、规则引擎、告警与 OTA 升级。',
    links: [
      {label: '产品简介', to: doc('neptune/user/introduction')},
      {label: '快速入门：5 分钟接入第一台设备', to: doc('neptune/user/quick-start')},
      {label: '端到端教程：从 PLC 到云端规则', to: doc('neptune/user/end-to-end-tutorial')},
      {label: 'API 概览', to: doc('neptune/api/introduction')},
    ],
    footer: 'products',
    manual: true,
  },
  {
    key: 'triton',
    dir: 'triton',
    name: 'Triton 数据采集代理与驱动开发套件',
    short: 'Triton',
    version: '1.8',
    entry: doc('triton/introduction'),
    sidebar: null,
    summary: '从 PLC、数控系统和仪表采集数据，上行到 Janus 或 Neptune；支持用 Go 或 C 开发自定义驱动。',
    links: [
      {label: 'Triton 简介', to: doc('triton/introduction')},
      {label: '在 Linux 上部署', to: doc('triton/deploy/linux')},
    ],
    footer: 'developers',
    footerLabel: 'Triton 数据采集代理',
    manual: true,
  },
  {
    key: 'open-platform',
    dir: 'open-platform',
    name: '凌川开放平台',
    short: '开放平台',
    version: 'SDK 2.4',
    entry: doc('open-platform/introduction'),
    sidebar: null,
    summary: '用 JavaScript / TypeScript 开发运行在 Janus 上的应用，调用设备、路由、工具与网络请求接口。',
    links: [
      {label: '开放平台简介', to: doc('open-platform/introduction')},
      {label: '开发第一个 Janus 应用', to: doc('open-platform/getting-started')},
    ],
    footer: 'developers',
    footerLabel: '开放平台',
    manual: true,
  },
  {
    key: 'denture',
    dir: 'apps/denture',
    name: '义齿设备管理应用',
    short: '义齿设备管理',
    version: '1.2',
    entry: doc('apps/denture/denture-device-management'),
    sidebar: null,
    summary: '面向义齿加工中心的 Janus 应用：管理切削机、3D 打印机、烧结炉和扫描仪的状态、任务与维护。',
    links: [{label: '使用指南', to: doc('apps/denture/denture-device-management')}],
    footer: 'support',
    manual: false,
  },
];

export const areaByKey = (key: string): Area => {
  const a = AREAS.find((x) => x.key === key);
  if (!a) throw new Error(`unknown area "${key}" (src/areas.ts knows ${AREAS.map((x) => x.key).join(', ')})`);
  return a;
};

/** The four product lines of the navbar, in navbar order. */
export const PRODUCT_LINES = AREAS.filter((a) => a.navLabel);
/** The other areas (home page's second row). */
export const OTHER_AREAS = AREAS.filter((a) => !a.navLabel);
/** Areas without a docs sidebar: they get generated area navigation (plugins/area-nav). */
export const SIDEBARLESS = AREAS.filter((a) => a.sidebar === null);
/** Where /docs itself sends readers. */
export const DOCS_LANDING = areaByKey('neptune').entry;
/** The area a doc id belongs to. */
export const areaOfDoc = (id: string): Area | undefined => AREAS.find((a) => id === a.dir || id.startsWith(`${a.dir}/`));
