/**
 * An Autocomplete that is on screen when its page first appears records its anchor in a
 * transition. MUI's Autocomplete keeps its input box (the popup's anchor) in state, set from a ref
 * callback, and from then on reads the box's `clientWidth` in every render. A ref callback runs
 * in the commit, where React gives a state update the highest priority, so it rendered the
 * Autocomplete again in the commit's own task, and that read forced the browser to lay out the
 * whole page it had just inserted: on the events list's first load, the longest task before the
 * first row (bench `browser`, issue 27). Recorded in a transition, the anchor reaches the
 * Autocomplete in a task of its own, after the page is on screen; it is only used once the popup
 * opens, which needs a click or a key.
 *
 *   renderInput={(params) => <TextField {...params} slotProps={anchorInTransition(params.slotProps)} />}
 */
import { startTransition, type Ref } from 'react';

type Anchor = (node: Element | null) => void | (() => void);

/** One wrapper per Autocomplete's setter (a stable function), so React does not detach and attach the ref on every render. */
const wrappers = new WeakMap<Anchor, Anchor>();

/**
 * A ref callback that passes its element on to `ref` in a transition (a ref object is set as it
 * is); the same wrapper for the same callback. Also used by #components/tooltip.tsx.
 */
export function refInTransition<E extends Element>(ref: Ref<E> | undefined): Ref<E> | undefined {
  if (typeof ref !== 'function') return ref;
  const setter = ref as Anchor;
  let wrapper = wrappers.get(setter);
  if (!wrapper) {
    // A cleanup the callback returns is kept: React then calls it instead of the callback with null.
    wrapper = (node) => {
      let cleanup: ReturnType<Anchor> = undefined;
      startTransition(() => {
        cleanup = setter(node);
      });
      return cleanup;
    };
    wrappers.set(setter, wrapper);
  }
  return wrapper as Ref<E>;
}

/** The Autocomplete's renderInput slot props, its input box's ref recorded in a transition. */
export function anchorInTransition<P extends { input?: object }>(slotProps: P): P {
  const input = slotProps.input as { ref?: Ref<HTMLElement> } | undefined;
  if (!input?.ref) return slotProps;
  return { ...slotProps, input: { ...input, ref: refInTransition(input.ref) } };
}
