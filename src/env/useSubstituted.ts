// A text with the reader's values in place of the examples its element holds (`data-env`), or the text itself while the
// page hydrates, when no value applies, or for an element the build did not mark.
import {useReaderValues} from './store';
import {substitute} from './substitute';
import {useReaderValuesData} from './useReaderFields';

export function useSubstituted<T>(text: T, env: string | undefined): T {
  const values = useReaderValues();
  const {fields} = useReaderValuesData();
  if (!env || typeof text !== 'string') return text;
  return substitute(text, env.split(' '), fields, values) as T;
}
