import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {docExists as exists, readPlan} from './plugins/lib/docs-source';

type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/**
 * The four product sidebars. Their shape is written here (the reader's order, one category per folder); the pages of a
 * folder come from the page plan `docs-guide/ia.tsv` in plan order, so a new page needs one plan row and no edit here
 * unless it starts a new folder. Pages of open-platform, triton and apps belong to no sidebar (spec §2).
 */
const PLAN: string[] = readPlan().map((row) => row.id);

/** A page, if its file exists. */
const doc = (id: string): SidebarItemConfig[] => (exists(id) ? [id] : []);

/** The pages directly inside folder `dir`, in plan order (optionally reversed, for release notes: newest first). */
function pagesIn(dir: string, {reverse = false} = {}): string[] {
  const ids = PLAN.filter((id) => id.startsWith(`${dir}/`) && !id.slice(dir.length + 1).includes('/')).filter(exists);
  return reverse ? ids.reverse() : ids;
}

/** A collapsible category of a folder's pages; left out while the folder has no page yet. */
function category(label: string, items: SidebarItemConfig[], collapsed = true): SidebarItemConfig[] {
  return items.length ? [{type: 'category', label, collapsible: true, collapsed, items}] : [];
}
const folder = (label: string, dir: string, opts?: {reverse?: boolean}) => category(label, pagesIn(dir, opts));

const sidebars: SidebarsConfig = {
  neptune: [
    ...category(
      '用户指南',
      [
        ...doc('neptune/user/introduction'),
        ...category('基础概念', [
          ...doc('neptune/user/concepts'),
          ...doc('neptune/user/architecture'),
          ...doc('neptune/user/limits'),
        ]),
        ...doc('neptune/user/quick-start'),
        ...doc('neptune/user/end-to-end-tutorial'),
        ...folder('控制台', 'neptune/user/console'),
        ...folder('产品与物模型', 'neptune/user/product'),
        ...folder('设备管理', 'neptune/user/device'),
        ...folder('设备接入', 'neptune/user/connect'),
        ...folder('数据服务', 'neptune/user/data'),
        ...folder('规则引擎', 'neptune/user/rules'),
        ...folder('告警', 'neptune/user/alarms'),
        ...folder('OTA 升级', 'neptune/user/ota'),
        ...folder('运维', 'neptune/user/ops'),
        ...folder('团队', 'neptune/user/team'),
        ...folder('最佳实践', 'neptune/user/best-practices'),
        ...doc('neptune/user/glossary'),
        ...doc('neptune/user/faq'),
      ],
      false,
    ),
    ...category('API 参考', [
      ...category('概览与认证', pagesIn('neptune/api')),
      ...folder('MQTT 设备接入', 'neptune/api/mqtt'),
      ...folder('设备管理', 'neptune/api/device'),
      ...folder('设备分组', 'neptune/api/group'),
      ...folder('团队', 'neptune/api/team'),
    ]),
    ...folder('版本说明', 'neptune/versions', {reverse: true}),
  ],
  janus: [
    ...category(
      '用户指南',
      [
        ...doc('janus/user/introduction'),
        ...doc('janus/user/requirements'),
        ...doc('janus/user/trial-janus'),
        ...folder('激活与许可证', 'janus/user/activation'),
        ...pagesIn('janus/user').filter(
          (id) => !['introduction', 'requirements', 'trial-janus'].some((p) => id.endsWith(`/${p}`)),
        ),
      ],
      false,
    ),
    ...category('API 参考', [
      ...pagesIn('janus/api'),
      ...folder('设备', 'janus/api/device'),
      ...folder('文件', 'janus/api/files'),
    ]),
  ],
  automation: [
    ...doc('automation/work-flow-intro'),
    ...doc('automation/doc-map'),
    ...doc('automation/hardware_selection'),
    ...folder('快速入门', 'automation/quick_start'),
    ...folder('项目与流程管理', 'automation/process_management'),
    ...folder('运动参数', 'automation/motion_parameter'),
    ...folder('多工站', 'automation/multi_station'),
  ],
  lowcode: [
    ...doc('lowcode/hmi'),
    ...doc('lowcode/quick-start'),
    ...folder('开发 HMI 应用', 'lowcode/dev-HMI-app'),
    ...folder('部署与使用', 'lowcode/deploy-use'),
    ...doc('lowcode/release-notes'),
    ...doc('lowcode/upgrade-path'),
    ...doc('lowcode/video'),
  ],
};

export default sidebars;
