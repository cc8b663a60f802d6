import { useVirtualizer, type PartialKeys, type VirtualizerOptions } from '@tanstack/react-virtual';

type Options = PartialKeys<
  VirtualizerOptions<HTMLDivElement, Element>,
  'observeElementRect' | 'observeElementOffset' | 'scrollToFn'
>;

/**
 * react-virtual for the app's long lists and tables, with rows rendered in a task of their own rather than inside the
 * scroll event (`useFlushSync: false`): a fast scroll then never holds the page for the event, the layout and the
 * render together.
 */
export const useRowVirtualizer = (options: Options) => useVirtualizer({ ...options, useFlushSync: false });
