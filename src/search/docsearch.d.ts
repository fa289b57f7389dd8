// Types for DocSearch's lazily imported entry points (the package ships types only for its main entry).
declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}
declare module '@docsearch/react/style';
