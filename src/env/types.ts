// 「我的环境」: the shapes shared by the build (plugins/reader-values) and the browser (this folder).

/** A plant identity a reader may replace (docs-guide/reference-plant.yaml `readerValues`). */
export type ReaderField = {
  /** Key of the value in storage and in `data-env` attributes, e.g. `productKey`. */
  field: string;
  /** What the panel calls it. */
  label: string;
  /** The plant's value that pages show, e.g. `pk7Hc2xQm9A`. */
  example: string;
  /** The check a reader's value must pass (./rules.ts). */
  rule: string;
  /** The panel's section (Neptune, Janus, 现场). */
  group: string;
};

/** The reader's values by field; a field without a value shows the example. */
export type ReaderValues = Readonly<Record<string, string>>;

/** Which tool computes a derived block's values for the reader's own inputs. */
export type DerivedKind = 'signature' | 'mqtt';

/** Global data of the plugin (usePluginData('reader-values')). */
export type ReaderValuesData = {fields: ReaderField[]; tools: Record<DerivedKind, {to: string; title: string}>};
