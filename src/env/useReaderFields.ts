// The fields and tool pages of 「我的环境」 (plugins/reader-values' global data).
import {usePluginData} from '@docusaurus/useGlobalData';
import type {ReaderValuesData} from './types';

export const useReaderValuesData = (): ReaderValuesData => usePluginData('reader-values') as ReaderValuesData;
