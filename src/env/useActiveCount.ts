// How many of the reader's values apply (0 while the page hydrates and when none is set).
import {useReaderValues} from './store';
import {activeValues} from './substitute';
import {useReaderValuesData} from './useReaderFields';

export function useActiveCount(): number {
  const values = useReaderValues();
  const {fields} = useReaderValuesData();
  return activeValues(fields, values).size;
}
