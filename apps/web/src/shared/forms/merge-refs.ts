import type { MutableRefObject, Ref, RefCallback } from 'react';

/**
 * One ref callback that fills both refs: a form control's own and the one a Form.Item passes it (antd's Form.Item
 * keeps a ref to each control, to scroll to a field with an error).
 */
export function mergeRefs<T>(own: MutableRefObject<T | null>, passed: Ref<T> | undefined): RefCallback<T> {
  return (instance) => {
    own.current = instance;
    if (typeof passed === 'function') passed(instance);
    else if (passed) (passed as MutableRefObject<T | null>).current = instance;
  };
}
